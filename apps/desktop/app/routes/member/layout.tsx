import { Outlet } from 'react-router';
import { SessionProvider } from '@portal/session/store';
import { contentStyles } from '../../features/content/styles';
import memberCss from './member.css?url';
import { href } from '@portal/routes';

export const links = () => [...contentStyles, { rel: 'stylesheet', href: memberCss }];

/**
 * The member screens (/login, /forget, /user) share the Redux session store: the member is held in
 * the store and in SMBData (spec section 4). Read-only pages never load it.
 */
export default function MemberLayout() {
  return (
    <SessionProvider>
      {/* Under 960 px the site header is hidden: keep a way back to the home page. */}
      <nav className="member-back" aria-label="返回">
        <a href={href.home()}>‹ 返回首页</a>
      </nav>
      <Outlet />
    </SessionProvider>
  );
}
