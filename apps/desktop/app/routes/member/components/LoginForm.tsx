import { Form, Formik } from 'formik';
import { useNavigate } from 'react-router';
import type { Api } from '@portal/api-client';
import { loginSchema, type LoginValues } from '@portal/api-client/schemas';
import { signIn, useAppDispatch } from '@portal/session/store';
import { showToast } from '@portal/ui';
import { notifyMemberChange } from '@portal/session';
import { toastFailure } from '../lib/toast-failure';
import { goHome } from '../lib/home';
import { TextInput } from '@portal/ui/member';
import { isOk } from '@portal/api-client/envelope';
import { href } from '@portal/routes';
import { MSG, TEXT } from '@portal/api-client/messages';

/** 登录: after a successful login the member is stored and the product goes to / (spec section 4). */
export function LoginForm({ getApi, username = '' }: { getApi: () => Promise<Api>; username?: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const submit = async (values: LoginValues) => {
    const api = await getApi();
    const res = await api.member_login({ username: values.username.trim(), password: values.password });
    if (!isOk(res)) {
      toastFailure(res);
      return;
    }
    dispatch(
      signIn({
        id: res.data.id,
        stoken: res.data.stoken,
        username: res.data.username,
        avatar: res.data.avatar,
      }),
    );
    notifyMemberChange();
    showToast(res.msg || MSG.loggedIn, 'success');
    goHome(navigate);
  };
  return (
    <Formik<LoginValues>
      initialValues={{ username, password: '' }}
      validationSchema={loginSchema}
      onSubmit={submit}
      enableReinitialize
    >
      {({ isSubmitting }) => (
        <Form className="mform" noValidate>
          <TextInput name="username" label="会员名" required autoComplete="username" />
          <TextInput name="password" label="密码" type="password" required autoComplete="current-password" />
          <div className="mform__actions">
            <button
              type="submit"
              className="ui-button ui-button--primary mform__submit"
              disabled={isSubmitting}
            >
              {isSubmitting ? TEXT.loggingIn : '登录'}
            </button>
            <a className="mform__link" href={href.forget()}>
              忘记密码？
            </a>
          </div>
        </Form>
      )}
    </Formik>
  );
}
