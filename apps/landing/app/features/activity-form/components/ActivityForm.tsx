import { useMemo, useRef, useState } from 'react';
import { ErrorMessage, Field, Form, Formik, type FormikHelpers } from 'formik';
import type { DynamicForm, FormField, PlaceOption } from '@portal/api-client';
import { MSG, TEXT } from '@portal/api-client/messages';
import { dynamicFormSchema } from '@portal/api-client/schemas';
import { Dialog, PrivacyLink } from '@portal/ui';
import {
  initialValues,
  needsOther,
  parsePrivacy,
  toSubmission,
  visibleFields,
  type FieldValues,
} from '../values';
import { FieldControl } from './FieldControl';
import { isOk } from '@portal/api-client/envelope';
import { publicApi } from '@portal/session';

export interface ActivityFormProps {
  activityId: number;
  source: string;
  form: DynamicForm;
  provinces: PlaceOption[];
}

type Values = FieldValues;

const isGroup = (field: FormField) =>
  field.type === 'radio' || field.type === 'checkbox' || field.type === 'multi';
const labelClass = (field: FormField) =>
  `lp-field__label${field.is_require ? ' lp-field__label--required' : ''}`;

/** The dynamic registration form of one activity (spec sections 3, 4 and 5). */
export function ActivityForm({ activityId, source, form, provinces }: ActivityFormProps) {
  const fields = useMemo(() => visibleFields(form.form), [form.form]);
  const schema = useMemo(
    () => dynamicFormSchema(form.form, { privacy: form.is_privacy }),
    [form.form, form.is_privacy],
  );
  const start = useMemo<Values>(() => ({ ...initialValues(form.form), privacy: false }), [form.form]);
  const privacy = useMemo(() => parsePrivacy(form.privacy), [form.privacy]);

  const [otherTexts, setOtherTexts] = useState<Record<string, string>>({});
  const [cities, setCities] = useState<PlaceOption[]>([]);
  const [citiesLoading, setCitiesLoading] = useState(false);
  const [notice, setNotice] = useState<{ title: string; message: string } | null>(null);
  const cityRequest = useRef(0);

  const cityFields = fields.filter((f) => f.type === 'city').map((f) => f.field_name);

  async function changeProvince(province: string, setFieldValue: FormikHelpers<Values>['setFieldValue']) {
    // A new province invalidates the chosen city and its list (spec section 4).
    const request = ++cityRequest.current;
    await setFieldValue(fields.find((f) => f.type === 'province')?.field_name ?? 'province', province);
    for (const name of cityFields) await setFieldValue(name, '', false);
    setCities([]);
    if (!province || cityFields.length === 0) return;
    setCitiesLoading(true);
    const api = await publicApi();
    const res = await api.get_city({ title: province });
    if (request !== cityRequest.current) return;
    setCitiesLoading(false);
    if (isOk(res)) setCities(res.data);
    else setNotice({ title: '提示', message: res.msg });
  }

  async function submit(values: Values, helpers: FormikHelpers<Values>) {
    const { content, other } = toSubmission(form.form, values, otherTexts);
    const api = await publicApi();
    const res = await api.form_register({
      activity_id: activityId,
      source,
      content: JSON.stringify(content),
      other: JSON.stringify(other),
      privacy: values.privacy === true,
    });
    // form_register always answers in a dialog (spec section 8).
    setNotice({ title: isOk(res) ? MSG.submitted : '提交失败', message: res.msg });
    if (isOk(res)) {
      helpers.resetForm();
      setOtherTexts({});
      setCities([]);
    }
  }

  return (
    <>
      <Formik<Values>
        initialValues={start}
        validationSchema={schema}
        validateOnBlur={false}
        onSubmit={submit}
      >
        {({ values, setFieldValue, handleSubmit, isSubmitting, submitCount, errors }) => (
          <Form
            noValidate
            className="lp-form lp-activity-form"
            onSubmit={(event) => {
              // A closed activity answers before any validation (spec section 4).
              if (!form.is_submit) {
                event.preventDefault();
                setNotice({ title: '提示', message: MSG.activityClosed });
                return;
              }
              handleSubmit(event);
            }}
          >
            {fields.map((field) => (
              <div
                key={field.field_name}
                className="lp-field"
                data-field={field.field_name}
                data-type={field.type}
              >
                {isGroup(field) ? (
                  // A group of boxes has no single control to label: the group points here (aria-labelledby).
                  <p id={`f-${field.field_name}-label`} className={labelClass(field)}>
                    {field.label}
                  </p>
                ) : (
                  <label
                    id={`f-${field.field_name}-label`}
                    htmlFor={`f-${field.field_name}`}
                    className={labelClass(field)}
                  >
                    {field.label}
                  </label>
                )}
                <FieldControl
                  field={field}
                  provinces={provinces}
                  cities={cities}
                  citiesLoading={citiesLoading}
                  onProvinceChange={(province) => void changeProvince(province, setFieldValue)}
                />
                {needsOther(field, values[field.field_name]) ? (
                  <input
                    className="lp-input lp-input--other"
                    aria-label={`${field.label}（其他）`}
                    placeholder="其他，请填写"
                    maxLength={500}
                    value={otherTexts[field.field_name] ?? ''}
                    onChange={(e) => setOtherTexts((o) => ({ ...o, [field.field_name]: e.target.value }))}
                  />
                ) : null}
                <ErrorMessage name={field.field_name} component="span" className="lp-field__error" />
              </div>
            ))}

            {form.is_privacy ? (
              <div className="lp-privacy">
                {/* A scrolling box must take keyboard focus to be scrolled without a mouse (WCAG 2.1.1). */}
                {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region, not a control */}
                <div className="lp-privacy__text" role="region" tabIndex={0} aria-label={privacy.title}>
                  <strong>{privacy.title}</strong>
                  <p>{privacy.content}</p>
                </div>
                <label className="lp-choice lp-choice--consent">
                  <Field type="checkbox" name="privacy" />
                  <span>{`我已阅读并同意《${privacy.title}》`}</span>
                </label>
                {submitCount > 0 && errors.privacy ? (
                  <span className="lp-field__error" role="alert">
                    {String(errors.privacy)}
                  </span>
                ) : null}
              </div>
            ) : null}

            <p className="lp-consents__note">
              本站如何保存和使用您提交的信息，详见
              <PrivacyLink />
            </p>

            <button
              type="submit"
              className="lp-button lp-button--primary lp-button--block lp-button--lg"
              disabled={isSubmitting}
            >
              {isSubmitting ? TEXT.submitting : '提交报名'}
            </button>
          </Form>
        )}
      </Formik>

      <Dialog
        open={notice !== null}
        title={notice?.title ?? ''}
        onClose={() => setNotice(null)}
        className="lp-notice"
        footer={
          <button type="button" className="lp-button lp-button--primary" onClick={() => setNotice(null)}>
            确定
          </button>
        }
      >
        <p className="lp-notice__message">{notice?.message}</p>
      </Dialog>
    </>
  );
}
