import { useEffect } from 'react';
import { lastViewTime, pageReferrer, recordView, shouldCountView } from '@portal/session';
import { call } from '../../lib/browser-api';

/** Counts one view of the article (article_pv), at most once per 10 s per article in this browser. */
export function usePageView(id: number): void {
  useEffect(() => {
    if (!shouldCountView(id)) return;
    const lasttime = lastViewTime(id);
    // The phone site's views count as phone; the referrer only gives its source class.
    const from = { ref: pageReferrer(), device: 'phone' } as const;
    // The answer is stored even if the reader already left: the view was counted.
    call((api) => api.article_pv(lasttime === undefined ? { id, ...from } : { id, lasttime, ...from })).then(
      (res) => recordView(id, res.lasttime),
      () => {
        // Spec section 8: other failures are silent.
      },
    );
  }, [id]);
}
