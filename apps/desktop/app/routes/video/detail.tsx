import { RELATED_VIDEOS } from '@portal/api-client/constants';
import { videoSrc } from '@portal/api-client/players';
import { serverApi } from '@portal/api-client/server';
import type { Route } from './+types/detail';
import { Breadcrumb } from '../../features/content/components/Breadcrumb';
import { SectionTitle } from '../../features/shared/SectionTitle';
import { settle } from '@portal/api-client/envelope';
import { unwrap } from '@portal/api-client/route-envelope';
import { dayOf as day, keywordsOf as keywordList } from '@portal/ui/format';
import { intParam } from '../../features/content/lib/query';
import { absolute } from '../../features/content/lib/seo.server';
import { SITE_NAME } from '@portal/api-client/constants';
import { VideoPlayer, seoMeta } from '@portal/ui';
import { contentStyles } from '../../features/content/styles';
import { VideoGrid } from '../../features/video/components/VideoGrid';
import { href } from '@portal/routes';

export const links: Route.LinksFunction = () => contentStyles;

/** /videoc?id=N: the player (frame for type 1, mp4 for type 2), the description and related videos. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const id = intParam(new URL(request.url).searchParams, 'id', 0);
  const video = unwrap('video_detail', await settle(serverApi(context).video_detail({ id })));
  return {
    video: {
      ...video,
      relate: video.relate.slice(0, RELATED_VIDEOS),
      src: videoSrc(video),
    },
    canonical: absolute(request, href.video(video.id)),
  };
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [];
  const v = data.video;
  const tags = seoMeta(
    { title: `${v.title}-视频-${SITE_NAME}`, description: v.description, keyword: v.keyword },
    data.canonical,
    v.index_thumb || v.thumb,
  );
  return v.src === null
    ? tags
    : [...tags, { property: 'og:video', content: new URL(v.src, data.canonical).href }];
};

export default function VideoDetail({ loaderData: { video: v } }: Route.ComponentProps) {
  return (
    <main className="page container">
      <Breadcrumb items={[{ label: '视频', to: href.videos() }, { label: v.title }]} />
      <section className="block player">
        <h1 className="player__title">{v.title}</h1>
        <div className="player__meta">
          <time>{day(v.created_at)}</time>
          {keywordList(v.keyword).map((k) => (
            <span key={k} className="tag">
              {k}
            </span>
          ))}
        </div>
        <div className="player__screen">
          <VideoPlayer
            video={v}
            poster={v.index_thumb || v.thumb}
            fallback={<p className="player__missing">视频暂时无法播放</p>}
          />
        </div>
        <div className="player__desc">
          <h2>视频简介</h2>
          <p>{v.description}</p>
        </div>
      </section>
      {v.relate.length > 0 ? (
        <section className="block videos">
          <SectionTitle title="相关视频" more={href.videos()} />
          <VideoGrid videos={v.relate} />
        </section>
      ) : null}
    </main>
  );
}
