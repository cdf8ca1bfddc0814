import { useEffect, useState, type ReactNode } from 'react';
import { useField, useFormikContext } from 'formik';
import type { Api, Option, PlaceOption } from '@portal/api-client';
import { EMPLOYEE_COUNT_OPTIONS } from '@portal/api-client/constants';
import type { FormOptions } from '../lib/options.server';

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
  const [, meta] = useField(name);
  const error = meta.touched && meta.error ? meta.error : '';
  return (
    <div className={`mform__row${error ? ' has-error' : ''}`}>
      <label className="mform__label" htmlFor={`f-${name}`}>
        {required ? <i aria-hidden="true">*</i> : null}
        {label}
      </label>
      <div className="mform__control">
        {children}
        {error ? (
          <p className="mform__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
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
  const [field] = useField<string>(name);
  return (
    <Row label={label} name={name} required={required}>
      <input
        {...field}
        value={field.value ?? ''}
        id={`f-${name}`}
        className="mform__input"
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

/** A select of option ids (industry, position, department, channel…); '' until one is chosen. */
export function OptionSelect({
  name,
  label,
  options,
  required,
}: {
  name: string;
  label: string;
  options: Option[];
  required?: boolean;
}) {
  const [field, , helpers] = useField<number | ''>(name);
  return (
    <Row label={label} name={name} required={required}>
      <select
        id={`f-${name}`}
        className="mform__input"
        name={name}
        value={field.value === 0 ? '' : String(field.value ?? '')}
        onChange={(e) => void helpers.setValue(e.target.value === '' ? '' : Number(e.target.value))}
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

/** Profile fields shared by registration and the basic-info tab (spec section 3). */
export function ProfileFields({ options, getApi }: { options: FormOptions; getApi: () => Promise<Api> }) {
  const { values, setFieldValue } = useFormikContext<{
    province: string;
    city: string;
    company_people: string;
  }>();
  const province = values.province;
  // Cities are kept with their province, so a changed province never shows stale ones.
  const [loaded, setLoaded] = useState<{ province: string; items: PlaceOption[] } | null>(null);
  useEffect(() => {
    if (!province) return;
    let live = true;
    void getApi()
      .then((api) => api.get_city({ title: province }))
      .then((res) => {
        if (live) setLoaded({ province, items: res.code === 0 ? res.data : [] });
      });
    return () => {
      live = false;
    };
  }, [province, getApi]);
  const cities = loaded && loaded.province === province ? loaded.items : [];
  return (
    <>
      <TextInput name="email" label="邮箱" type="email" required autoComplete="email" />
      <TextInput name="company" label="公司名称" />
      <OptionSelect name="industry" label="行业" options={options.industry} required />
      <OptionSelect name="position" label="职位" options={options.position} required />
      <OptionSelect name="department" label="部门" options={options.department} required />
      <Row label="所在地区" name="province">
        <div className="mform__pair">
          <select
            id="f-province"
            className="mform__input"
            value={province}
            onChange={(e) => {
              // A new province reloads its cities and clears the city (spec section 4).
              void setFieldValue('province', e.target.value);
              void setFieldValue('city', '');
            }}
          >
            <option value="">请选择省份</option>
            {options.provinces.map((p) => (
              <option key={p.value} value={p.label}>
                {p.label}
              </option>
            ))}
          </select>
          <select
            className="mform__input"
            aria-label="城市"
            value={values.city}
            onChange={(e) => void setFieldValue('city', e.target.value)}
            disabled={!province}
          >
            <option value="">请选择城市</option>
            {cities.map((c) => (
              <option key={c.value} value={c.label}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
      </Row>
      <TextInput name="address" label="详细地址" />
      <Row label="企业规模" name="company_people">
        <select
          id="f-company_people"
          className="mform__input"
          value={values.company_people}
          onChange={(e) => void setFieldValue('company_people', e.target.value)}
        >
          <option value="">请选择企业规模</option>
          {EMPLOYEE_COUNT_OPTIONS.map((o) => (
            <option key={o} value={o}>
              {o}人
            </option>
          ))}
        </select>
      </Row>
    </>
  );
}
