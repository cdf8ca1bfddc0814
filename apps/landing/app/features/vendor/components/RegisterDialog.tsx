import { Formik, Form, Field, ErrorMessage } from 'formik';
import {
  PHONE_MAX_LENGTH,
  REGISTRATION_DIALOG_WIDTH,
  SURVEY_CHALLENGES_INDEX,
  SURVEY_QUESTIONS,
} from '@portal/api-client/constants';
import { vendorRegistrationFormSchema } from '@portal/api-client/schemas';
import { Dialog, PrivacyLink, showToast } from '@portal/ui';
import { meetPayload } from '../meets';
import { CONSENTS, OTHER_CHOICE, surveyAnswers, type SurveyValues } from '../survey';
import { isOk } from '@portal/api-client/envelope';
import { publicApi } from '@portal/session';
import { MSG, TEXT } from '@portal/api-client/messages';

export interface RegisterDialogProps {
  open: boolean;
  meetId: number;
  meetName: string;
  mobile: string;
  onClose: () => void;
  /** Back-to-login link. */
  onBackToLogin: () => void;
  /** Registration stored: reopen login with this phone. */
  onRegistered: (mobile: string) => void;
}

interface Values extends SurveyValues {
  name: string;
  mobile: string;
  email: string;
  company: string;
  department: string;
  position: string;
  /** The three consent boxes. */
  agreements: boolean[];
}

const TEXT_FIELDS = [
  { name: 'name', label: '姓名', type: 'text', autoComplete: 'name', placeholder: '请输入姓名' },
  {
    name: 'mobile',
    label: '手机号',
    type: 'tel',
    autoComplete: 'tel',
    placeholder: MSG.vendorMobileRequired,
  },
  { name: 'email', label: '邮箱', type: 'email', autoComplete: 'email', placeholder: '请输入工作邮箱' },
  {
    name: 'company',
    label: '公司',
    type: 'text',
    autoComplete: 'organization',
    placeholder: '请输入公司名称',
  },
  { name: 'department', label: '部门', type: 'text', autoComplete: 'off', placeholder: '请输入所在部门' },
  {
    name: 'position',
    label: '职位',
    type: 'text',
    autoComplete: 'organization-title',
    placeholder: '请输入职位',
  },
] as const;

/** Vendor registration (spec sections 4 and 5): contact fields, the four survey questions and three consents. */
export function RegisterDialog({
  open,
  meetId,
  meetName,
  mobile,
  onClose,
  onBackToLogin,
  onRegistered,
}: RegisterDialogProps) {
  const initialValues: Values = {
    name: '',
    mobile,
    email: '',
    company: '',
    department: '',
    position: '',
    answers: SURVEY_QUESTIONS.map(() => ''),
    challenges: [],
    challengeOther: '',
    agreements: CONSENTS.map(() => false),
  };

  return (
    <Dialog
      open={open}
      title="注册后查看完整资料"
      onClose={onClose}
      width={REGISTRATION_DIALOG_WIDTH}
      className="lp-register"
    >
      <Formik
        initialValues={initialValues}
        enableReinitialize
        validationSchema={vendorRegistrationFormSchema}
        // Errors appear on typing and on submit, not on blur: a message showing up between mousedown
        // and mouseup would move the button under the pointer and swallow the click.
        validateOnBlur={false}
        onSubmit={async (values) => {
          const api = await publicApi();
          const res = await api.vendor_register({
            name: values.name.trim(),
            mobile: values.mobile.trim(),
            email: values.email.trim(),
            company: values.company.trim(),
            department: values.department.trim(),
            position: values.position.trim(),
            question: JSON.stringify(surveyAnswers(values)),
            meetName,
            ...meetPayload(meetId),
          });
          if (isOk(res)) {
            showToast(res.msg, 'success');
            onRegistered(values.mobile.trim());
          } else {
            showToast(res.msg, 'error');
          }
        }}
      >
        {({ values, isSubmitting, errors, submitCount }) => (
          <Form noValidate className="lp-form lp-form--register">
            <p className="lp-form__switch lp-form__switch--top">
              填写以下信息即可查看全部报告与视频。已注册？
              <button type="button" className="lp-link" onClick={onBackToLogin}>
                返回登录
              </button>
            </p>
            <div className="lp-form__grid">
              {TEXT_FIELDS.map((f) => (
                <label key={f.name} className="lp-field">
                  <span className="lp-field__label lp-field__label--required">{f.label}</span>
                  <Field
                    name={f.name}
                    type={f.type}
                    autoComplete={f.autoComplete}
                    placeholder={f.placeholder}
                    maxLength={f.name === 'mobile' ? PHONE_MAX_LENGTH : 100}
                    className="lp-input"
                  />
                  <ErrorMessage name={f.name} component="span" className="lp-field__error" />
                </label>
              ))}
            </div>

            <fieldset className="lp-survey">
              <legend className="lp-survey__legend">调研问卷（选填）</legend>
              {SURVEY_QUESTIONS.map((q, qi) =>
                qi === SURVEY_CHALLENGES_INDEX ? (
                  <div key={q.title} className="lp-survey__question" role="group" aria-label={q.title}>
                    <p className="lp-survey__title">{`${qi + 1}. ${q.title}`}</p>
                    <div className="lp-choices">
                      {q.choices.map((choice) => (
                        <label key={choice} className="lp-choice">
                          <Field type="checkbox" name="challenges" value={choice} />
                          <span>{choice}</span>
                        </label>
                      ))}
                    </div>
                    {values.challenges.includes(OTHER_CHOICE) ? (
                      <Field
                        name="challengeOther"
                        className="lp-input lp-input--other"
                        placeholder="请填写其他挑战"
                        maxLength={200}
                        aria-label="其他挑战"
                      />
                    ) : null}
                  </div>
                ) : (
                  <div key={q.title} className="lp-survey__question" role="radiogroup" aria-label={q.title}>
                    <p className="lp-survey__title">{`${qi + 1}. ${q.title}`}</p>
                    <div className="lp-choices">
                      {q.choices.map((choice) => (
                        <label key={choice} className="lp-choice">
                          <Field type="radio" name={`answers.${qi}`} value={choice} />
                          <span>{choice}</span>
                        </label>
                      ))}
                    </div>
                  </div>
                ),
              )}
            </fieldset>

            <div className="lp-consents">
              {CONSENTS.map((text, i) => (
                <label key={text} className="lp-choice lp-choice--consent">
                  <Field type="checkbox" name={`agreements.${i}`} />
                  <span>{text}</span>
                </label>
              ))}
              <p className="lp-consents__note">
                个人信息的处理方式详见
                <PrivacyLink />
              </p>
              {submitCount > 0 && typeof errors.agreements === 'string' ? (
                <span className="lp-field__error" role="alert">
                  {errors.agreements}
                </span>
              ) : null}
            </div>

            <button
              type="submit"
              className="lp-button lp-button--primary lp-button--block"
              disabled={isSubmitting}
            >
              {isSubmitting ? TEXT.submitting : '立即注册'}
            </button>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
