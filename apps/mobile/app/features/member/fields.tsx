import type { ReactNode } from 'react';
import { useField } from 'formik';
import type { Option } from '@portal/api-client';

/** One stacked phone form row: label, control, and the field's error under it. */
export function MRow({
  name,
  label,
  required,
  children,
}: {
  name: string;
  label: string;
  required?: boolean;
  children: ReactNode;
}) {
  const [, meta] = useField(name);
  const error = meta.touched && meta.error ? meta.error : '';
  return (
    <div className={`mm-row${error ? ' has-error' : ''}`}>
      <label className="mm-row__label" htmlFor={`mm-${name}`}>
        {required ? <i aria-hidden="true">*</i> : null}
        {label}
      </label>
      {children}
      {error ? (
        <p className="mm-row__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function MText({
  name,
  label,
  required,
  type = 'text',
  placeholder,
  maxLength,
}: {
  name: string;
  label: string;
  required?: boolean;
  type?: 'text' | 'email';
  placeholder?: string;
  maxLength?: number;
}) {
  const [field] = useField<string>(name);
  return (
    <MRow name={name} label={label} required={required}>
      <input
        {...field}
        value={field.value ?? ''}
        id={`mm-${name}`}
        className="mm-input"
        type={type}
        placeholder={placeholder ?? `请输入${label}`}
        maxLength={maxLength}
      />
    </MRow>
  );
}

/** A select of option ids; '' until one is chosen. `onPicked` runs after the value changes. */
export function MSelect({
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
  const [field, , helpers] = useField<number | ''>(name);
  return (
    <MRow name={name} label={label} required={required}>
      <select
        id={`mm-${name}`}
        className="mm-input"
        name={name}
        value={field.value === 0 ? '' : String(field.value ?? '')}
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
    </MRow>
  );
}
