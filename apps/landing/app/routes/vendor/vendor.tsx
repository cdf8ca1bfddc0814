import { serverApi } from '@portal/api-client/server';
import { pageUrl, shareMeta } from '@portal/ui';
import { VendorPage } from '../../features/vendor/components/VendorPage';
import { meetIdForPath } from '../../features/vendor/meets';
import { unwrap } from '@portal/api-client/route-envelope';
import type { Route } from './+types/vendor';

export async function loader({ request, context }: Route.LoaderArgs) {
  const meetId = meetIdForPath(new URL(request.url).pathname);
  return {
    meet: unwrap('vendor_meet', await serverApi(context).vendor_meet({ meet_id: meetId })),
    url: pageUrl(request),
  };
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [];
  const { meet, url } = data;
  const title =
    meet.hero.title && meet.hero.title !== meet.name ? `${meet.hero.title} - ${meet.name}` : meet.name;
  return [
    { title },
    { name: 'description', content: meet.hero.subtitle },
    ...shareMeta({
      title,
      description: meet.hero.subtitle,
      url,
      image: meet.hero.banner || undefined,
      siteName: meet.name,
    }),
  ];
};

export default function Vendor({ loaderData }: Route.ComponentProps) {
  return <VendorPage meet={loaderData.meet} />;
}
