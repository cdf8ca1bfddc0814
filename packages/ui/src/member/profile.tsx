import { useEffect, useState } from 'react';
import { useField, useFormikContext } from 'formik';
import type { Api, Member, Option, PlaceOption } from '@portal/api-client';
import { ErrorCode } from '@portal/api-client/codes';
import { fieldNamed, pick } from '@portal/api-client/entities/derive';
import type { EntityField } from '@portal/api-client/entities/field';
import { emptyValues, formRows, formValuesOf, type FormValues } from '@portal/api-client/entities/form';
import {
  MEMBER_FIELDS,
  MEMBER_PROFILE,
  type ProfileField,
  type ProfileName,
} from '@portal/api-client/entities/member';
import { checkAvatarFile, profileSchema } from '@portal/api-client/schemas';
import { OptionSelect, Row, TextInput, useFormSkin } from './fields';
import { isOk } from '@portal/api-client/envelope';

/**
 * The member's profile form (spec section 3), drawn from the member's declaration
 * (@portal/api-client/entities/member): a field added there appears in registration and the
 * basic-info tab without a change here.
 */

/** The option lists of the register and profile forms. */
export interface ProfileOptions {
  industry: Option[];
  position: Option[];
  department: Option[];
  provinces: PlaceOption[];
}

/** The profile form's values: selects hold '' until chosen; the avatar is the uploaded url. */
export type ProfileFormValues = FormValues<ProfileField> & { avatar: string };

export const toProfileValues = (m: Member): ProfileFormValues => ({
  ...formValuesOf(MEMBER_PROFILE, m),
  avatar: m.avatar,
});

/** A new registration's profile: nothing chosen or typed yet. */
export const EMPTY_PROFILE = emptyValues(MEMBER_PROFILE);

const PROFILE_KEYS = MEMBER_PROFILE.map((field) => field.name);

/** The profile fields of a validated form (registration or the profile), as the API takes them. */
export function pickProfile<T extends Record<ProfileName, unknown>>(valid: T): Pick<T, ProfileName> {
  return pick(valid, PROFILE_KEYS);
}

/** member_info_update with the validated form (the avatar was checked by its upload). */
export function updateProfile(api: Api, values: ProfileFormValues) {
  const valid = profileSchema.cast(values, { stripUnknown: true });
  return api.member_info_update({ ...pickProfile(valid), avatar: values.avatar });
}

/**
 * An avatar: format and size checked here first (spec section 5; the server checks the bytes
 * again), then member_upload. The stored url, or the message to show (null for 10001, which the
 * session redirect says).
 */
export async function uploadAvatar(
  getApi: () => Promise<Api>,
  file: File,
): Promise<{ url: string } | { error: string | null }> {
  const problem = checkAvatarFile(file);
  if (problem) return { error: problem };
  const body = new FormData();
  body.append('file', file);
  const res = await (await getApi()).member_upload(body);
  if (isOk(res)) return { url: res.data };
  return { error: res.code === ErrorCode.SessionInvalid ? null : res.msg };
}

/** Province and city: a new province reloads its cities and clears the city (spec section 4). */
function PlaceFields({
  province: provinceField,
  city: cityField,
  provinces,
  getApi,
}: {
  province: EntityField;
  city: EntityField;
  provinces: PlaceOption[];
  getApi: () => Promise<Api>;
}) {
  const skin = useFormSkin();
  const { values, setFieldValue } = useFormikContext<Record<string, string>>();
  const province = values[provinceField.name];
  // Cities are kept with their province, so a changed province never shows stale ones.
  const [loaded, setLoaded] = useState<{ province: string; items: PlaceOption[] } | null>(null);
  useEffect(() => {
    if (!province) return;
    let live = true;
    void getApi()
      .then((api) => api.get_city({ title: province }))
      .then((res) => {
        if (live) setLoaded({ province, items: isOk(res) ? res.data : [] });
      });
    return () => {
      live = false;
    };
  }, [province, getApi]);
  const cities = loaded && loaded.province === province ? loaded.items : [];
  return (
    <Row label="所在地区" name={provinceField.name}>
      <div className={skin.pair}>
        <select
          id={`${skin.idPrefix}${provinceField.name}`}
          className={skin.input}
          value={province}
          onChange={(e) => {
            void setFieldValue(provinceField.name, e.target.value);
            void setFieldValue(cityField.name, '');
          }}
        >
          <option value="">{`请选择${provinceField.label}`}</option>
          {provinces.map((p) => (
            <option key={p.value} value={p.label}>
              {p.label}
            </option>
          ))}
        </select>
        <select
          className={skin.input}
          aria-label={cityField.label}
          value={values[cityField.name]}
          onChange={(e) => void setFieldValue(cityField.name, e.target.value)}
          disabled={!province}
        >
          <option value="">{`请选择${cityField.label}`}</option>
          {cities.map((c) => (
            <option key={c.value} value={c.label}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
    </Row>
  );
}

/** A select of the declared choices (企业规模): '' until one is chosen. */
function ChoiceSelect({ field }: { field: EntityField }) {
  const skin = useFormSkin();
  const [input, , helpers] = useField<string>(field.name);
  return (
    <Row label={field.label} name={field.name}>
      <select
        id={`${skin.idPrefix}${field.name}`}
        className={skin.input}
        value={input.value}
        onChange={(e) => void helpers.setValue(e.target.value)}
      >
        <option value="">{`请选择${field.label}`}</option>
        {(field.options ?? []).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
            {field.unit}
          </option>
        ))}
      </select>
    </Row>
  );
}

/** The city rides in its province's row. */
const CITY = fieldNamed(MEMBER_FIELDS, 'city');

/** One row of the profile, by its declaration: a place pair, an option list, a choice or a text. */
function ProfileRow({
  field,
  options,
  getApi,
}: {
  field: ProfileField;
  options: ProfileOptions;
  getApi: () => Promise<Api>;
}) {
  const decl: EntityField = field;
  if (decl.control === 'province')
    return <PlaceFields province={decl} city={CITY} provinces={options.provinces} getApi={getApi} />;
  if ('optionList' in field)
    return (
      <OptionSelect
        name={field.name}
        label={field.label}
        options={options[field.optionList]}
        required={decl.required}
      />
    );
  if (decl.options) return <ChoiceSelect field={decl} />;
  return (
    <TextInput
      name={decl.name}
      label={decl.label}
      type={decl.format === 'email' ? 'email' : 'text'}
      required={decl.required}
      autoComplete={decl.autoComplete}
    />
  );
}

/** Profile fields shared by registration and the basic-info tab (spec section 3), in declared order. */
export function ProfileFields({ options, getApi }: { options: ProfileOptions; getApi: () => Promise<Api> }) {
  return (
    <>
      {formRows(MEMBER_PROFILE).map((field) => (
        <ProfileRow key={field.name} field={field} options={options} getApi={getApi} />
      ))}
    </>
  );
}
