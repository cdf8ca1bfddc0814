import { useEffect, useId, useState } from 'react';
import type { Api, NewsletterSubscription } from '@portal/api-client';
import { isOk } from '@portal/api-client/envelope';
import { MSG } from '@portal/api-client/messages';
import { newsletterSchema } from '@portal/api-client/schemas';
import type { Say } from './hooks';

/**
 * IT 周刊订阅 in the member centre (issue 25): the weekly newsletter's switch and the address it
 * goes to. A member without an address (or whose address bounced) is asked for one, checked by
 * the spec's email rule before the call (newsletterSchema, the same rule the server applies).
 */
export function useNewsletter({ getApi, say }: { getApi: () => Promise<Api>; say: Say }) {
  const [subscription, setSubscription] = useState<NewsletterSubscription | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    let live = true;
    void getApi()
      .then((api) => api.newsletter_get({}))
      .then((res) => {
        if (live && isOk(res)) setSubscription(res.data);
      });
    return () => {
      live = false;
    };
  }, [getApi]);

  const save = async (subscribed: boolean, email: string) => {
    setError('');
    let payload: { subscribed: boolean; email: string };
    try {
      payload = newsletterSchema.validateSync({ subscribed, email });
    } catch (e) {
      // yup's ValidationError (this package does not import yup itself: the schema brings it).
      setError((e as { errors?: string[] }).errors?.[0] ?? MSG.emailInvalid);
      return;
    }
    if (payload.subscribed && !payload.email) {
      setError(MSG.newsletterNeedsEmail);
      return;
    }
    setBusy(true);
    try {
      const res = await (await getApi()).newsletter_set(payload);
      if (isOk(res)) {
        setSubscription(res.data);
        say(res.msg, 'success');
      } else setError(res.msg);
    } finally {
      setBusy(false);
    }
  };

  return { subscription, busy, error, save };
}

/** The subscription block: a switch, the address (editable), and a save of a new address. */
export function NewsletterSettings({ getApi, say }: { getApi: () => Promise<Api>; say: Say }) {
  const { subscription, busy, error, save } = useNewsletter({ getApi, say });
  const [email, setEmail] = useState<string | null>(null);
  const id = useId();
  if (!subscription) return <p className="member-empty">加载中…</p>;
  const address = email ?? subscription.email;
  const asks = !subscription.email || subscription.bounced;
  return (
    <section className="newsletter-settings" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="newsletter-settings__title">
        IT 周刊订阅
      </h3>
      <label className="newsletter-settings__switch">
        <input
          type="checkbox"
          role="switch"
          aria-checked={subscription.subscribed}
          checked={subscription.subscribed}
          disabled={busy}
          onChange={(e) => void save(e.target.checked, address)}
        />
        <span>{subscription.subscribed ? '已订阅：每期 IT 周刊发送到下面的邮箱' : '未订阅'}</span>
      </label>
      <div className="newsletter-settings__email">
        <label htmlFor={`${id}-email`}>接收邮箱</label>
        <input
          id={`${id}-email`}
          className="mform__input"
          type="email"
          value={address}
          placeholder={asks ? MSG.newsletterNeedsEmail : ''}
          maxLength={100}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="button" className="ui-button" disabled={busy} onClick={() => void save(true, address)}>
          {subscription.subscribed ? '保存邮箱' : '订阅'}
        </button>
      </div>
      {subscription.bounced && !error ? (
        <p className="newsletter-settings__hint">该邮箱无法投递，请填写新的邮箱</p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="newsletter-settings__error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
