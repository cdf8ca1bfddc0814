import { NO_OPTION } from '@portal/api-client/constants';
import { createContext, useContext, type ReactNode } from 'react';
import { useField } from 'formik';
import type { Option } from '@portal/api-client';

/** The class names and id prefix of one app's member forms (desktop rows vs stacked phone rows). */
export interface FormSkin {
  /** Control ids are `${idPrefix}${name}` (labels point at them; e2e tests find fields by them). */
  idPrefix: string;
  row: string;
  label: string;
  /** A wrapper around control and error, when the layout has one. */
  control?: string;
  error: string;
  input: string;
  radios: string;
  pair: string;
}

/** The desktop member forms' classes: the default. */
export const DESKTOP_FORM_SKIN: FormSkin = {
  idPrefix: 'f-',
  row: 'mform__row',
  label: 'mform__label',
  control: 'mform__control',
  error: 'mform__error',
  input: 'mform__input',
  radios: 'mform__radios',
  pair: 'mform__pair',
};

/** The phone member centre's classes. */
export const PHONE_FORM_SKIN: FormSkin = {
  idPrefix: 'mm-',
  row: 'mm-row',
  label: 'mm-row__label',
  error: 'mm-row__error',
  input: 'mm-input',
  radios: 'mm-radios',
  pair: 'mm-pair',
};

const SkinContext = createContext<FormSkin>(DESKTOP_FORM_SKIN);

export function FormSkinProvider({ skin, children }: { skin: FormSkin; children: ReactNode }) {
  return <SkinContext.Provider value={skin}>{children}</SkinContext.Provider>;
}

export function useFormSkin(): FormSkin {
  return useContext(SkinContext);
}

/** One labelled row of a member form, with the field's first error under it. */
export function Row({
  label,
  name,
  required,
  children,
}: {
  label: string;
  name: string;
  required?: boolean;
  children: ReactNode;
}) {
  const skin = useFormSkin();
  const [, meta] = useField(name);
  const error = meta.touched && meta.error ? meta.error : '';
  const inner = (
    <>
      {children}
      {error ? (
        <p className={skin.error} role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
  return (
    <div className={`${skin.row}${error ? ' has-error' : ''}`}>
      <label className={skin.label} htmlFor={`${skin.idPrefix}${name}`}>
        {required ? <i aria-hidden="true">*</i> : null}
        {label}
      </label>
      {skin.control ? <div className={skin.control}>{inner}</div> : inner}
    </div>
  );
}

export function TextInput({
  name,
  label,
  type = 'text',
  required,
  readOnly,
  placeholder,
  maxLength,
  autoComplete,
}: {
  name: string;
  label: string;
  type?: 'text' | 'password' | 'email' | 'tel';
  required?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  maxLength?: number;
  autoComplete?: string;
}) {
  const skin = useFormSkin();
  const [field] = useField<string>(name);
  return (
    <Row label={label} name={name} required={required}>
      <input
        {...field}
        value={field.value ?? ''}
        id={`${skin.idPrefix}${name}`}
        className={skin.input}
        type={type}
        readOnly={readOnly}
        disabled={readOnly}
        placeholder={placeholder ?? (readOnly ? '' : `请输入${label}`)}
        maxLength={maxLength}
        autoComplete={autoComplete}
      />
    </Row>
  );
}

/**
 * A select of option ids (industry, position, department, channel…); '' until one is chosen.
 * `onPicked` runs after the value changes.
 */
export function OptionSelect({
  name,
  label,
  options,
  required,
  onPicked,
}: {
  name: string;
  label: string;
  options: Option[];
  required?: boolean;
  onPicked?: (id: number | '') => void;
}) {
  const skin = useFormSkin();
  const [field, , helpers] = useField<number | ''>(name);
  return (
    <Row label={label} name={name} required={required}>
      <select
        id={`${skin.idPrefix}${name}`}
        className={skin.input}
        name={name}
        value={field.value === NO_OPTION ? '' : String(field.value ?? '')}
        onChange={(e) => {
          const value = e.target.value === '' ? '' : Number(e.target.value);
          void helpers.setValue(value);
          onPicked?.(value);
        }}
        onBlur={field.onBlur}
      >
        <option value="">请选择{label}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </Row>
  );
}
