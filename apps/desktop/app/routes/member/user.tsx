import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { serverApi } from '@portal/api-client/server';
import { memberApi, notifyMemberChange, useMember } from '@portal/session';
import { selectMember, signOut, useAppDispatch, useAppSelector } from '@portal/session/store';
import type { Route } from './+types/user';
import { showToast } from '@portal/ui';
import { useColumnSpace } from '@portal/ui/member';
import { ApplyTab } from './components/ApplyTab';
import { ColumnTab } from './components/ColumnTab';
import { ProfileTab } from './components/ProfileTab';
import { memberMeta } from './lib/meta';
import { loadFormOptions } from './lib/options.server';
import { isOk } from '@portal/api-client/envelope';
import { href } from '@portal/routes';
import { MSG, TEXT } from '@portal/api-client/messages';

export async function loader({ context }: Route.LoaderArgs) {
  return { options: await loadFormOptions(serverApi(context)) };
}

export const meta: Route.MetaFunction = () => memberMeta('会员中心');

type Tab = 'info' | 'apply' | 'column';

/**
 * /user: basic info, column application, and the column list once the column is approved
 * (spec sections 2 and 4). The member lives in the browser (SMBData), so the page fills in after
 * hydration; without a member it goes to /login.
 */

export default function User({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const member = useAppSelector(selectMember);
  const [tab, setTab] = useState<Tab>('info');
  // SMBData as the browser has it: undefined on the server and during hydration, null when logged out.
  const stored = useMember();

  useEffect(() => {
    if (stored === null) void navigate(href.login(), { replace: true });
  }, [stored, navigate]);

  const column = useColumnSpace({ getApi: memberApi, say: showToast, memberId: member?.id ?? null });

  if (!stored || !member) {
    return (
      <main className="page container member-page">
        <p className="member-empty">加载中…</p>
      </main>
    );
  }

  const logout = async () => {
    const res = await (await memberApi()).member_logout({});
    dispatch(signOut());
    notifyMemberChange();
    if (isOk(res)) showToast(res.msg || MSG.loggedOut, 'success');
    void navigate(href.login());
  };

  const { approved } = column;
  const tabs: [Tab, string][] = [
    ['info', TEXT.basicInfo],
    ['apply', '申请专栏'],
    ...(approved ? ([['column', '专栏列表']] as [Tab, string][]) : []),
  ];
  const current = tab === 'column' && !approved ? 'info' : tab;

  return (
    <main className="page container member-page member-page--wide">
      <section className="member-card member-card--wide">
        <header className="member-head">
          {member.avatar ? (
            <img src={member.avatar} alt="" width={48} height={48} />
          ) : (
            <span className="member-head__avatar" aria-hidden="true">
              {member.username.slice(0, 1)}
            </span>
          )}
          <div>
            <h1>{member.username}</h1>
            <p>会员中心</p>
          </div>
          <button type="button" className="ui-button" onClick={() => void logout()}>
            退出登录
          </button>
        </header>
        <div className="member-tabs" role="tablist">
          {tabs.map(([key, label]) => (
            <button
              key={key}
              type="button"
              role="tab"
              id={`tab-${key}`}
              aria-selected={current === key}
              aria-controls={`panel-${key}`}
              className={`member-tabs__tab${current === key ? ' is-active' : ''}`}
              onClick={() => setTab(key)}
            >
              {label}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`panel-${current}`} aria-labelledby={`tab-${current}`}>
          {current === 'info' ? (
            <ProfileTab getApi={memberApi} memberId={member.id} options={loaderData.options} />
          ) : null}
          {current === 'apply' ? <ApplyTab column={column} openList={() => setTab('column')} /> : null}
          {current === 'column' ? <ColumnTab getApi={memberApi} /> : null}
        </div>
      </section>
    </main>
  );
}
