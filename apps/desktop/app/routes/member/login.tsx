import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { serverApi } from '@portal/api-client/server';
import type { Route } from './+types/login';
import { LoginForm } from './components/LoginForm';
import { RegisterForm } from './components/RegisterForm';
import { memberApi } from '@portal/session';
import { memberMeta } from './lib/meta';
import { loadFormOptions } from './lib/options.server';
import { TEXT } from '@portal/api-client/messages';

export async function loader({ context }: Route.LoaderArgs) {
  return { options: await loadFormOptions(serverApi(context)) };
}

export const meta: Route.MetaFunction = () => memberMeta(TEXT.memberLogin);

type Tab = 'login' | 'register';

/** /login: login and register tabs (spec sections 2 and 4). */
export default function Login({ loaderData }: Route.ComponentProps) {
  // The header's 注册 link opens /login?tab=register.
  const [params] = useSearchParams();
  const wanted: Tab = params.get('tab') === 'register' ? 'register' : 'login';
  const [tab, setTab] = useState<Tab>(wanted);
  // Follow a change of the link while on the page (React's "adjust state on prop change" pattern).
  const [followed, setFollowed] = useState<Tab>(wanted);
  if (followed !== wanted) {
    setFollowed(wanted);
    setTab(wanted);
  }
  const [username, setUsername] = useState('');
  return (
    <main className="page container member-page">
      <section className="member-card">
        <div className="member-tabs" role="tablist">
          {(
            [
              ['login', '登录'],
              ['register', '注册'],
            ] as const
          ).map(([key, label]) => (
            <button
              key={key}
              type="button"
              role="tab"
              id={`tab-${key}`}
              aria-selected={tab === key}
              aria-controls={`panel-${key}`}
              className={`member-tabs__tab${tab === key ? ' is-active' : ''}`}
              onClick={() => setTab(key)}
            >
              {label}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
          {tab === 'login' ? (
            <LoginForm getApi={memberApi} username={username} />
          ) : (
            <RegisterForm
              getApi={memberApi}
              options={loaderData.options}
              onRegistered={(name) => {
                setUsername(name);
                setTab('login');
              }}
            />
          )}
        </div>
      </section>
    </main>
  );
}
