import { useSearchParams } from 'react-router';
import { SITE_NAME } from '@portal/api-client/constants';
import { UnsubscribeConfirm } from '@portal/ui';
import type { Route } from './+types/unsubscribe';
import { contentStyles } from '../../features/content/styles';

export const links: Route.LinksFunction = () => contentStyles;

export const meta: Route.MetaFunction = () => [
  { title: `退订 IT 周刊 - ${SITE_NAME}` },
  { name: 'robots', content: 'noindex' },
];

/** /unsubscribe?token=… on a wide screen (the phone app renders the same page at this path). */
export default function Unsubscribe() {
  const [params] = useSearchParams();
  return (
    <main className="page container narrow-page">
      <UnsubscribeConfirm token={params.get('token') ?? ''} />
    </main>
  );
}
