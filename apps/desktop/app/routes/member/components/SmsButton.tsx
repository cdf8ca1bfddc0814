import { useEffect, useState } from 'react';
import type { Api } from '@portal/api-client';
import { PHONE_PATTERN, SMS_COUNTDOWN_S } from '@portal/api-client/constants';
import { MSG } from '@portal/api-client/messages';
import { showToast } from '@portal/ui';
import { toastFailure } from '../lib/toast-failure';
import { isOk } from '@portal/api-client/envelope';

/**
 * 获取验证码: needs the phone (请先输入手机号); then counts down 60 s and reads 重新获取, which
 * sends again (spec sections 4, 5 and 7: send_sms is {mobile}; the slider belongs to reset_password).
 */
export function SmsButton({ getApi, mobile }: { getApi: () => Promise<Api>; mobile: string }) {
  const [left, setLeft] = useState(0);
  const [sentOnce, setSentOnce] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);

  const send = async () => {
    const phone = mobile.trim();
    if (!phone) return showToast(MSG.phoneFirst, 'warning');
    if (!PHONE_PATTERN.test(phone)) return showToast(MSG.mobileInvalid, 'warning');
    setBusy(true);
    try {
      const res = await (await getApi()).send_sms({ mobile: phone });
      if (isOk(res)) {
        showToast(res.msg || '验证码已发送', 'success');
        setSentOnce(true);
        setLeft(SMS_COUNTDOWN_S);
      } else {
        toastFailure(res);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className="ui-button mform__code-btn"
      disabled={busy || left > 0}
      onClick={() => void send()}
    >
      {left > 0 ? `${left}s` : sentOnce ? MSG.getAgain : '获取验证码'}
    </button>
  );
}
