import { useEffect, useState } from 'react';
import { useFormikContext } from 'formik';
import type { Api, Member, Option, PlaceOption } from '@portal/api-client';
import { EMPLOYEE_COUNT_OPTIONS } from '@portal/api-client/constants';
import { ErrorCode } from '@portal/api-client/codes';
import { checkAvatarFile, profileSchema } from '@portal/api-client/schemas';
import { OptionSelect, Row, TextInput, useFormSkin } from './fields';
import { isOk } from '@portal/api-client/envelope';

/** The option lists of the register and profile forms. */
export interface ProfileOptions {
  industry: Option[];
  position: Option[];
  department: Option[];
  provinces: PlaceOption[];
}

/** The profile form's values: selects hold '' until chosen; the avatar is the uploaded url. */
export interface ProfileFormValues {
  email: string;
  company: string;
  industry: number | '';
  position: number | '';
  department: number | '';
  province: string;
  city: string;
  address: string;
  company_people: string;
  avatar: string;
}

export const toProfileValues = (m: Member): ProfileFormValues => ({
  email: m.email,
  company: m.company,
  industry: m.industry || '',
  position: m.position || '',
  department: m.department || '',
  province: m.province,
  city: m.city,
  address: m.address,
  company_people: m.company_people,
  avatar: m.avatar,
});

const PROFILE_KEYS = [
  'email',
  'company',
  'industry',
  'position',
  'department',
  'province',
  'city',
  'address',
  'company_people',
] as const;
type ProfileKey = (typeof PROFILE_KEYS)[number];

/** The profile fields of a validated form (registration or the profile), as the API takes them. */
export function pickProfile<T extends Record<ProfileKey, unknown>>(valid: T): Pick<T, ProfileKey> {
  return Object.fromEntries(PROFILE_KEYS.map((key) => [key, valid[key]])) as Pick<T, ProfileKey>;
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
function PlaceFields({ provinces, getApi }: { provinces: PlaceOption[]; getApi: () => Promise<Api> }) {
  const skin = useFormSkin();
  const { values, setFieldValue } = useFormikContext<{ province: string; city: string }>();
  const province = values.province;
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
    <Row label="所在地区" name="province">
      <div className={skin.pair}>
        <select
          id={`${skin.idPrefix}province`}
          className={skin.input}
          value={province}
          onChange={(e) => {
            void setFieldValue('province', e.target.value);
            void setFieldValue('city', '');
          }}
        >
          <option value="">请选择省份</option>
          {provinces.map((p) => (
            <option key={p.value} value={p.label}>
              {p.label}
            </option>
          ))}
        </select>
        <select
          className={skin.input}
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
  );
}

function CompanySize() {
  const skin = useFormSkin();
  const { values, setFieldValue } = useFormikContext<{ company_people: string }>();
  return (
    <Row label="企业规模" name="company_people">
      <select
        id={`${skin.idPrefix}company_people`}
        className={skin.input}
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
  );
}

/** Profile fields shared by registration and the basic-info tab (spec section 3). */
export function ProfileFields({ options, getApi }: { options: ProfileOptions; getApi: () => Promise<Api> }) {
  return (
    <>
      <TextInput name="email" label="邮箱" type="email" required autoComplete="email" />
      <TextInput name="company" label="公司名称" />
      <OptionSelect name="industry" label="行业" options={options.industry} required />
      <OptionSelect name="position" label="职位" options={options.position} required />
      <OptionSelect name="department" label="部门" options={options.department} required />
      <PlaceFields provinces={options.provinces} getApi={getApi} />
      <TextInput name="address" label="详细地址" />
      <CompanySize />
    </>
  );
}
