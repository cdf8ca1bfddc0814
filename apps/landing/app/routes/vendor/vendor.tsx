import { serverApi } from '@portal/api-client/server';
import { VendorPage } from '../../features/vendor/components/VendorPage';
import { meetIdForPath } from '../../features/vendor/meets';
import { unwrap } from '../../lib/envelope.server';
import type { Route } from './+types/vendor';

export async function loader({ request, context }: Route.LoaderArgs) {
  const meetId = meetIdForPath(new URL(request.url).pathname);
  return { meet: unwrap('vendor_meet', await serverApi(context).vendor_meet({ meet_id: meetId })) };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? [
        {
          title:
            data.meet.hero.title && data.meet.hero.title !== data.meet.name
              ? `${data.meet.hero.title} - ${data.meet.name}`
              : data.meet.name,
        },
        { name: 'description', content: data.meet.hero.subtitle },
      ]
    : [];

export default function Vendor({ loaderData }: Route.ComponentProps) {
  return <VendorPage meet={loaderData.meet} />;
}
