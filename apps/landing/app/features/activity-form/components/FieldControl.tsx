import { Field, useField } from 'formik';
import type { FormField, PlaceOption } from '@portal/api-client';
import { dynamicFieldKind } from '@portal/api-client/schemas';
import { PHONE_MAX_LENGTH } from '@portal/api-client/constants';
import { TEXT } from '@portal/api-client/messages';

export interface FieldControlProps {
  field: FormField;
  provinces: PlaceOption[];
  cities: PlaceOption[];
  citiesLoading: boolean;
  onProvinceChange: (province: string) => void;
}

/** The control of one getForm field, by type (spec section 3: input, select, radio, checkbox, multi, province, city). */
export function FieldControl({
  field,
  provinces,
  cities,
  citiesLoading,
  onProvinceChange,
}: FieldControlProps) {
  const [input, meta] = useField<string | string[]>(field.field_name);
  const invalid = meta.touched && meta.error ? true : undefined;
  const id = `f-${field.field_name}`;

  switch (field.type) {
    case 'input': {
      const kind = dynamicFieldKind(field);
      return (
        <Field
          id={id}
          name={field.field_name}
          type={kind === 'email' ? 'email' : kind === 'mobile' ? 'tel' : 'text'}
          inputMode={kind === 'mobile' ? 'numeric' : undefined}
          maxLength={kind === 'mobile' ? PHONE_MAX_LENGTH : 500}
          placeholder={`请输入${field.label}`}
          className="lp-input"
          aria-invalid={invalid}
        />
      );
    }
    case 'select':
      return (
        <Field
          as="select"
          id={id}
          name={field.field_name}
          className="lp-input lp-select"
          aria-invalid={invalid}
        >
          <option value="">{`请选择${field.label}`}</option>
          {field.options.map((o) => (
            <option key={o.id} value={String(o.id)}>
              {o.title}
            </option>
          ))}
        </Field>
      );
    case 'radio':
    case 'checkbox':
    case 'multi':
      return (
        <div
          className={`lp-choices${field.type === 'multi' ? ' lp-choices--chips' : ''}`}
          role={field.type === 'radio' ? 'radiogroup' : 'group'}
          aria-labelledby={`${id}-label`}
          aria-invalid={invalid}
        >
          {field.options.map((o) => (
            <label
              key={o.id}
              className={`lp-choice${field.type === 'multi' ? ' lp-chip' : ''}${o.is_mark ? ' lp-choice--mark' : ''}`}
            >
              <Field
                type={field.type === 'radio' ? 'radio' : 'checkbox'}
                name={field.field_name}
                value={String(o.id)}
              />
              <span>{o.title}</span>
            </label>
          ))}
        </div>
      );
    case 'province':
      return (
        <select
          id={id}
          name={field.field_name}
          className="lp-input lp-select"
          value={typeof input.value === 'string' ? input.value : ''}
          onChange={(e) => onProvinceChange(e.target.value)}
          onBlur={input.onBlur}
          aria-invalid={invalid}
        >
          <option value="">请选择省份</option>
          {provinces.map((p) => (
            <option key={p.value} value={p.label}>
              {p.label}
            </option>
          ))}
        </select>
      );
    case 'city':
      return (
        <Field
          as="select"
          id={id}
          name={field.field_name}
          className="lp-input lp-select"
          aria-invalid={invalid}
          disabled={citiesLoading}
        >
          <option value="">{citiesLoading ? TEXT.loading : '请选择城市'}</option>
          {cities.map((c) => (
            <option key={c.value} value={c.label}>
              {c.label}
            </option>
          ))}
        </Field>
      );
    default:
      return null;
  }
}
