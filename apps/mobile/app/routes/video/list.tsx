import { useLoaderData } from 'react-router';
import type { Video } from '@portal/api-client';
import { PAGE_SIZE } from '@portal/api-client/constants';
import type { Route } from './+types/list';
import { serverApi } from '@portal/api-client/server';
import { required } from '@portal/api-client/route-envelope';
import { call } from '../../lib/browser-api';
import { TITLE_SUFFIX } from '../../lib/site';
import { EndlessList } from '../../features/shared/EndlessList';
import { VideoCard } from '../../features/video/VideoCard';

export async function loader({ context }: Route.LoaderArgs) {
  const page = await required(
    '[mobile] mvideo_list',
    serverApi(context).mvideo_list({ page: 1, pageSize: PAGE_SIZE.videoMobile }),
  );
  return { videos: page.list };
}

export const meta: Route.MetaFunction = () => [
  { title: `视频${TITLE_SUFFIX}` },
  { name: 'description', content: 'IT行业视频：厂商访谈、产品解读与技术分享' },
];

const loadPage = (page: number) =>
  call((api) => api.mvideo_list({ page, pageSize: PAGE_SIZE.videoMobile })).then((d) => d.list);

/** /video_List: 12 videos per page with endless scroll. */
export default function VideoList() {
  const { videos } = useLoaderData<typeof loader>();
  return (
    <main className="m-page m-videos">
      <h1 className="m-page__title">视频</h1>
      <EndlessList<Video>
        cacheKey="video_List"
        initialItems={videos}
        loadPage={loadPage}
        pageSize={PAGE_SIZE.videoMobile}
        className="m-video-grid"
        itemKey={(video) => video.id}
        renderItem={(video) => <VideoCard video={video} />}
      />
    </main>
  );
}
