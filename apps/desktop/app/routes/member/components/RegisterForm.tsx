import { Form, Formik, useField } from 'formik';
import type { Api } from '@portal/api-client';
import { PASSWORD_MAX, PHONE_MAX_LENGTH } from '@portal/api-client/constants';
import type { ProfileName } from '@portal/api-client/entities/member';
import { memberRegisterFormSchema, type MemberRegisterFormValues } from '@portal/api-client/schemas';
import { PrivacyLink, showToast } from '@portal/ui';
import { toastFailure } from '../lib/toast-failure';
import type { FormOptions } from '../lib/options.server';
import {
  EMPTY_PROFILE,
  ProfileFields,
  Row,
  TextInput,
  pickProfile,
  type ProfileFormValues,
} from '@portal/ui/member';
import { isOk } from '@portal/api-client/envelope';
import { MSG, TEXT } from '@portal/api-client/messages';

/** The account's fields as the schema types them, the profile's as its form holds them ('' until chosen). */
type Values = Omit<MemberRegisterFormValues, ProfileName> & Omit<ProfileFormValues, 'avatar'>;

const EMPTY: Values = {
  username: '',
  mobile: '',
  ...EMPTY_PROFILE,
  password: '',
  checkPass: '',
  privacy: false,
};

function PrivacyTick() {
  const [field] = useField<boolean>({ name: 'privacy', type: 'checkbox' });
  const { name, onChange, onBlur, checked } = field;
  return (
    <Row label="" name="privacy">
      <label className="mform__tick">
        <input
          name={name}
          onChange={onChange}
          onBlur={onBlur}
          checked={checked ?? false}
          id="f-privacy"
          type="checkbox"
        />
        我已阅读并同意
        <PrivacyLink />
      </label>
    </Row>
  );
}

/** 注册: the spec section 5 rules via the shared schema; success switches to the login tab. */
export function RegisterForm({
  getApi,
  options,
  onRegistered,
}: {
  getApi: () => Promise<Api>;
  options: FormOptions;
  onRegistered: (username: string) => void;
}) {
  const submit = async (values: Values) => {
    const valid = memberRegisterFormSchema.cast(values, { stripUnknown: true });
    const api = await getApi();
    const res = await api.member_register({
      username: valid.username,
      mobile: valid.mobile,
      ...pickProfile(valid),
      password: valid.password,
    });
    if (!isOk(res)) {
      toastFailure(res);
      return;
    }
    showToast(res.msg || MSG.registered, 'success');
    onRegistered(valid.username);
  };
  return (
    <Formik<Values>
      initialValues={EMPTY}
      validationSchema={memberRegisterFormSchema}
      onSubmit={submit}
      validateOnBlur
    >
      {({ isSubmitting }) => (
        <Form className="mform" noValidate>
          <TextInput name="username" label="会员名" required autoComplete="username" />
          <TextInput
            name="mobile"
            label="手机号"
            type="tel"
            required
            maxLength={PHONE_MAX_LENGTH}
            autoComplete="tel"
          />
          <ProfileFields options={options} getApi={getApi} />
          <TextInput
            name="password"
            label="密码"
            type="password"
            required
            maxLength={PASSWORD_MAX}
            autoComplete="new-password"
          />
          <TextInput
            name="checkPass"
            label="确认密码"
            type="password"
            required
            maxLength={PASSWORD_MAX}
            autoComplete="new-password"
          />
          <PrivacyTick />
          <div className="mform__actions">
            <button
              type="submit"
              className="ui-button ui-button--primary mform__submit"
              disabled={isSubmitting}
            >
              {isSubmitting ? TEXT.submitting : '注册'}
            </button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
