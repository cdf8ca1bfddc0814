import { PrivacyStatement } from '@portal/ui';
import type { Route } from './+types/privacy';
import { Breadcrumb } from '../../features/content/components/Breadcrumb';
import { SITE_NAME } from '@portal/api-client/constants';
import { contentStyles } from '../../features/content/styles';

export const links: Route.LinksFunction = () => contentStyles;

export const meta: Route.MetaFunction = () => [
  { title: `隐私声明 - ${SITE_NAME}` },
  { name: 'description', content: `${SITE_NAME}如何使用 Cookie、本地存储和您的个人信息。` },
];

/** /privacy on a wide screen (the phone app renders the same statement at this path). */
export default function Privacy() {
  return (
    <main className="page container narrow-page">
      <Breadcrumb items={[{ label: '隐私声明' }]} />
      <PrivacyStatement />
    </main>
  );
}
