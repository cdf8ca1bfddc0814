import { useSearchParams } from 'react-router';
import { UnsubscribeConfirm } from '@portal/ui';
import type { Route } from './+types/unsubscribe';
import { TITLE_SUFFIX } from '../../lib/site';

export const meta: Route.MetaFunction = () => [
  { title: `退订 IT 周刊${TITLE_SUFFIX}` },
  { name: 'robots', content: 'noindex' },
];

/** /unsubscribe?token=… on a phone (the desktop app renders the same page at this path). */
export default function Unsubscribe() {
  const [params] = useSearchParams();
  return (
    <main className="m-page">
      <UnsubscribeConfirm token={params.get('token') ?? ''} />
    </main>
  );
}
