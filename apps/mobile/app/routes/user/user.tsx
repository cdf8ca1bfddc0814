import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/user';
import { signOutMember, useMember } from '@portal/session';
import { call } from '../../lib/browser-api';
import { MemberCenter } from '../../features/member/MemberCenter';
import { TITLE_SUFFIX } from '../../lib/site';
import { href } from '@portal/routes';
import { TEXT } from '@portal/api-client/messages';

export const meta: Route.MetaFunction = () => [
  { title: `用户中心${TITLE_SUFFIX}` },
  { name: 'robots', content: 'noindex' },
];

export default function MobileUser() {
  // undefined on the server and while hydrating: the "checking" state.
  const member = useMember();
  const [leaving, setLeaving] = useState(false);

  // Spec section 4: /user (here /new_user) sends a visitor without member data to /login. A
  // session that ends on this page (logout, 10001) leaves by its own path, after its message.
  const wasMember = useRef(false);
  useEffect(() => {
    if (member) wasMember.current = true;
    else if (member === null && !wasMember.current) window.location.replace(href.login());
  }, [member]);

  if (!member) {
    return (
      <main className="m-page m-user">
        <p className="m-user__checking" role="status">
          正在确认登录状态...
        </p>
      </main>
    );
  }

  const logout = async () => {
    setLeaving(true);
    // Tell the server to end the stoken; the local session is removed whatever it answers.
    await call((api) => api.member_logout({})).catch(() => undefined);
    signOutMember();
    window.location.assign(href.login());
  };

  return (
    <main className="m-page m-user">
      <section className="m-user__card">
        {member.avatar ? (
          <img className="m-user__avatar" src={member.avatar} alt="" />
        ) : (
          <span className="m-user__avatar m-user__avatar--blank" aria-hidden="true">
            {member.username.slice(0, 1) || '会'}
          </span>
        )}
        <div>
          <h1 className="m-user__name">{member.username || '会员'}</h1>
          <p className="m-user__id">会员编号：{member.id}</p>
        </div>
      </section>
      <MemberCenter memberId={member.id} />
      <nav className="m-user__menu" aria-label="快捷入口">
        <Link to={href.home()}>首页资讯</Link>
        <Link to={href.mobile.videos()}>视频</Link>
        <Link to={href.mobile.search()}>搜索</Link>
      </nav>
      <button type="button" className="m-user__logout" onClick={logout} disabled={leaving}>
        {leaving ? '正在退出...' : TEXT.logout}
      </button>
    </main>
  );
}
