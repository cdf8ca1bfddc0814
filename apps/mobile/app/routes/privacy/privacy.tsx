import { PrivacyStatement } from '@portal/ui';
import type { Route } from './+types/privacy';
import { SITE_NAME, TITLE_SUFFIX } from '../../lib/site';

export const meta: Route.MetaFunction = () => [
  { title: `隐私声明${TITLE_SUFFIX}` },
  { name: 'description', content: `${SITE_NAME}如何使用 Cookie、本地存储和您的个人信息。` },
];

/** /privacy on a phone (the desktop app renders the same statement at this path). */
export default function Privacy() {
  return (
    <main className="m-page">
      <PrivacyStatement />
    </main>
  );
}
