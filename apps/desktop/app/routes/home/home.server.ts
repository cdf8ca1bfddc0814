import type { Api, Envelope, Seo } from '@portal/api-client';
import { PAGE_SIZE, SITE_NAME } from '@portal/api-client/constants';
import { isOk } from '@portal/api-client/envelope';
import { unwrap } from '@portal/api-client/route-envelope';
import { eventTeaser, headline, paperTeaser, pictureHeadline } from '@portal/api-client/teasers';

/**
 * A home section that fails makes the page fail (spec section 8: home data load failure is a render
 * error): the error page, 503 while the database is unavailable. No home call fails as "not found".
 */
const must = <T>(name: string, res: Envelope<T>): T => unwrap(`[home] ${name}`, res);

export async function loadHome(api: Api) {
  const [loop, loopRight, news, cxo, right, fall, seo] = await Promise.all([
    api.get_loop({}),
    api.get_loop_right({}),
    api.get_news({}),
    api.get_cxo({}),
    api.get_right({}),
    api.indexFall({ page: 1, pageseze: PAGE_SIZE.homeFall }),
    api.get_seo({ page: 'home' }),
  ]);
  const side = must('get_right', right);
  return {
    banners: must('get_loop', loop),
    sideImages: must('get_loop_right', loopRight),
    news: must('get_news', news),
    topics: must('get_cxo', cxo),
    // The right column shows titles, pictures and dates: not the descriptions get_right carries.
    right: {
      activities: side.activities.map(eventTeaser),
      hot: side.hot.map(headline),
      special: side.special.map(pictureHeadline),
      white_papers: side.white_papers.map(paperTeaser),
    },
    fall: must('indexFall', fall),
    // Missing SEO rows must not take the home page down: fall back to the site name.
    seo: isOk(seo) ? seo.data : ({ title: SITE_NAME, description: '', keyword: '' } satisfies Seo),
  };
}

/** One more page of the home waterfall for the infinite list. */
export async function loadFallPage(api: Api, page: number) {
  const res = await api.indexFall({ page, pageseze: PAGE_SIZE.homeFall });
  return must('indexFall', res);
}
