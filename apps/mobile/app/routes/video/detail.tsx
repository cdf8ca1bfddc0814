import { data, useLoaderData } from 'react-router';
import { RELATED_VIDEOS } from '@portal/api-client/constants';
import { VideoPlayer, pageUrl, shareMeta } from '@portal/ui';
import type { Route } from './+types/detail';
import { serverApi } from '@portal/api-client/server';
import { required } from '@portal/api-client/route-envelope';
import { DEFAULT_VIDEO_THUMB, SITE_NAME, TITLE_SUFFIX } from '../../lib/site';
import { BackButton } from '../../features/article/BackButton';
import { VideoCard } from '../../features/video/VideoCard';
import { dayOf } from '@portal/ui/format';

export async function loader({ request, context }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get('id') ?? '';
  if (!/^\d{1,15}$/.test(raw) || Number(raw) <= 0) throw data(null, { status: 404, statusText: 'Not Found' });
  const video = await required('[mobile] video_detail', serverApi(context).video_detail({ id: Number(raw) }));
  return { video, url: pageUrl(request) };
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  if (!loaded) return [{ title: `页面不存在（404）${TITLE_SUFFIX}` }];
  const { video, url } = loaded;
  return [
    { title: `${video.title}${TITLE_SUFFIX}` },
    { name: 'description', content: video.description },
    { name: 'keywords', content: video.keyword },
    ...shareMeta({
      title: video.title,
      description: video.description,
      url,
      image: video.index_thumb || video.thumb || undefined,
      siteName: SITE_NAME,
      type: 'video.other',
    }),
  ];
};

export default function VideoDetail() {
  const { video } = useLoaderData<typeof loader>();
  const poster = video.index_thumb || video.thumb || DEFAULT_VIDEO_THUMB;
  return (
    <main className="m-page m-video-detail">
      <div className="m-subbar">
        <BackButton />
        <span className="m-subbar__title">视频</span>
      </div>
      <div className="m-player">
        <VideoPlayer
          video={video}
          poster={poster}
          fallback={<p className="m-player__missing">视频暂时无法播放</p>}
        />
      </div>
      <section className="m-video-detail__info">
        <h1 className="m-video-detail__title">{video.title}</h1>
        <time className="m-video-detail__time">{dayOf(video.created_at)}</time>
        {video.description ? <p className="m-video-detail__desc">{video.description}</p> : null}
      </section>
      {video.relate.length > 0 ? (
        <section className="m-block">
          <header className="m-block__head">
            <h2 className="m-block__title">相关视频</h2>
          </header>
          <ul className="m-video-grid">
            {video.relate.slice(0, RELATED_VIDEOS).map((item) => (
              <li key={item.id}>
                <VideoCard video={item} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
