import { useState } from 'react';
import { SITE_NAME } from '@portal/api-client/constants';
import { isOk } from '@portal/api-client/envelope';
import { MSG } from '@portal/api-client/messages';
import { publicApi } from '@portal/session';

type State =
  { kind: 'ask' } | { kind: 'busy' } | { kind: 'done'; email: string } | { kind: 'error'; msg: string };

/**
 * /unsubscribe?token=… (both sites): the newsletter's unsubscribe link. No session: the signed
 * token is the proof. One button confirms (a mail scanner that follows the link changes nothing);
 * a tampered or expired token answers the API's message (10801 / 10802).
 */
export function UnsubscribeConfirm({ token }: { token: string }) {
  const [state, setState] = useState<State>(
    token ? { kind: 'ask' } : { kind: 'error', msg: '退订链接不完整，请使用邮件中的完整链接' },
  );
  const confirm = async () => {
    setState({ kind: 'busy' });
    const res = await (await publicApi()).newsletter_unsubscribe({ token });
    setState(isOk(res) ? { kind: 'done', email: res.data.email } : { kind: 'error', msg: res.msg });
  };
  return (
    <section className="unsubscribe" aria-live="polite">
      <h1 className="unsubscribe__title">退订 IT 周刊</h1>
      {state.kind === 'done' ? (
        <p className="unsubscribe__done" role="status">
          {MSG.newsletterOff}
          {state.email ? `：${state.email} 不会再收到${SITE_NAME} IT 周刊。` : '。'}
          可随时在会员中心重新订阅。
        </p>
      ) : state.kind === 'error' ? (
        <p className="unsubscribe__error" role="alert">
          {state.msg}
        </p>
      ) : (
        <>
          <p>确认后，您将不再收到{SITE_NAME}每周发送的 IT 周刊邮件。</p>
          <button
            type="button"
            className="ui-button ui-button--primary"
            disabled={state.kind === 'busy'}
            onClick={() => void confirm()}
          >
            {state.kind === 'busy' ? '处理中…' : '确认退订'}
          </button>
        </>
      )}
    </section>
  );
}
