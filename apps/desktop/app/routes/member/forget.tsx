import { useCallback, useState } from 'react';
import { Form, Formik } from 'formik';
import { useNavigate } from 'react-router';
import { PASSWORD_MAX, PHONE_MAX_LENGTH } from '@portal/api-client/constants';
import { resetPasswordSchema, type ResetPasswordValues } from '@portal/api-client/schemas';
import type { Route } from './+types/forget';
import { showToast } from '@portal/ui';
import { Row, TextInput } from '@portal/ui/member';
import { SliderCaptcha } from './components/SliderCaptcha';
import { SmsButton } from './components/SmsButton';
import { memberApi } from '@portal/session';
import { toastFailure } from './lib/toast-failure';
import { memberMeta } from './lib/meta';
import { isOk } from '@portal/api-client/envelope';
import { href } from '@portal/routes';
import { TEXT, MSG } from '@portal/api-client/messages';

export const meta: Route.MetaFunction = () => memberMeta('找回密码');

/** /forget: phone, SMS code with a 60 s countdown, new password, slider (spec sections 2, 4, 5, 7). */
export default function Forget() {
  const navigate = useNavigate();
  const [proof, setProof] = useState<string | null>(null);
  const [sliderKey, setSliderKey] = useState(0);
  const renewSlider = useCallback(() => setSliderKey((k) => k + 1), []);

  const submit = async (values: ResetPasswordValues) => {
    if (!proof) {
      showToast(MSG.dragRequired, 'warning');
      return;
    }
    const res = await (
      await memberApi()
    ).reset_password({
      drag_verify: proof,
      mobile: values.mobile.trim(),
      code: values.code.trim(),
      password: values.password,
    });
    if (!isOk(res)) {
      toastFailure(res);
      // The server spends the slider on every try (one drop per picture): the next try needs a new one.
      renewSlider();
      return;
    }
    showToast(res.msg || MSG.passwordReset, 'success');
    void navigate(href.login());
  };

  return (
    <main className="page container member-page">
      <section className="member-card">
        <h1 className="member-card__title">找回密码</h1>
        <Formik<ResetPasswordValues>
          initialValues={{ mobile: '', code: '', password: '' }}
          validationSchema={resetPasswordSchema}
          onSubmit={submit}
        >
          {({ values, isSubmitting }) => (
            <Form className="mform" noValidate>
              <TextInput
                name="mobile"
                label="手机号"
                type="tel"
                required
                maxLength={PHONE_MAX_LENGTH}
                autoComplete="tel"
              />
              <div className="mform__with-btn">
                <TextInput name="code" label="验证码" required maxLength={6} autoComplete="one-time-code" />
                <SmsButton getApi={memberApi} mobile={values.mobile} />
              </div>
              <TextInput
                name="password"
                label="新密码"
                type="password"
                required
                maxLength={PASSWORD_MAX}
                autoComplete="new-password"
              />
              <Row label={TEXT.dragVerify} name="drag_verify" required>
                <SliderCaptcha getApi={memberApi} onChange={setProof} resetKey={sliderKey} />
              </Row>
              <div className="mform__actions">
                <button
                  type="submit"
                  className="ui-button ui-button--primary mform__submit"
                  disabled={isSubmitting}
                >
                  {isSubmitting ? TEXT.submitting : '重置密码'}
                </button>
                <a className="mform__link" href={href.login()}>
                  返回登录
                </a>
              </div>
            </Form>
          )}
        </Formik>
      </section>
    </main>
  );
}
