import { useEffect, useRef, useState } from 'react';
import { Form, Formik, useFormikContext } from 'formik';
import type { Member, Option, PlaceOption } from '@portal/api-client';
import { EMPLOYEE_COUNT_OPTIONS } from '@portal/api-client/constants';
import { checkAvatarFile, profileSchema } from '@portal/api-client/schemas';
import { loadMember, saveMember } from '@portal/session';
import { failureMessage, memberApi, notifyMemberChange } from './api';
import { MRow, MSelect, MText } from './fields';

type Values = {
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
};

interface Lists {
  industry: Option[];
  position: Option[];
  department: Option[];
  provinces: PlaceOption[];
}

const toValues = (m: Member): Values => ({
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

/** Province and city: a new province reloads its cities and clears the city (spec section 4). */
function PlaceFields({ provinces }: { provinces: PlaceOption[] }) {
  const { values, setFieldValue } = useFormikContext<Values>();
  const province = values.province;
  // Cities are kept with their province, so a changed province never shows stale ones.
  const [loaded, setLoaded] = useState<{ province: string; items: PlaceOption[] } | null>(null);
  const cities = loaded && loaded.province === province ? loaded.items : [];
  useEffect(() => {
    if (!province) return;
    let live = true;
    void memberApi()
      .then((api) => api.get_city({ title: province }))
      .then((res) => {
        if (live) setLoaded({ province, items: res.code === 0 ? res.data : [] });
      });
    return () => {
      live = false;
    };
  }, [province]);
  return (
    <MRow name="province" label="所在地区">
      <div className="mm-pair">
        <select
          id="mm-province"
          className="mm-input"
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
          className="mm-input"
          aria-label="城市"
          value={values.city}
          disabled={!province}
          onChange={(e) => void setFieldValue('city', e.target.value)}
        >
          <option value="">请选择城市</option>
          {cities.map((c) => (
            <option key={c.value} value={c.label}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
    </MRow>
  );
}

/**
 * 基本信息 on the phone: avatar (png/jpg/jpeg under 3 MB, checked here and again by the server),
 * read-only username and mobile, and the editable profile of spec section 3.
 */
export function ProfilePanel({ memberId, say }: { memberId: number; say: (msg: string) => void }) {
  const [member, setMember] = useState<Member | null>(null);
  const [lists, setLists] = useState<Lists | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let live = true;
    void memberApi().then(async (api) => {
      const [info, options, provinces] = await Promise.all([
        api.member_info({ id: memberId }),
        api.option_ls({}),
        api.get_province({}),
      ]);
      if (!live) return;
      if (info.code === 0) setMember(info.data);
      else {
        const msg = failureMessage(info);
        if (msg) say(msg);
      }
      setLists({
        industry: options.code === 0 ? options.data.industry : [],
        position: options.code === 0 ? options.data.position : [],
        department: options.code === 0 ? options.data.department : [],
        provinces: provinces.code === 0 ? provinces.data : [],
      });
    });
    return () => {
      live = false;
    };
  }, [memberId, say]);

  if (!member || !lists) {
    return (
      <p className="mm-empty" role="status">
        加载中...
      </p>
    );
  }

  const submit = async (values: Values) => {
    const valid = profileSchema.cast(values, { stripUnknown: true });
    const res = await (
      await memberApi()
    ).member_info_update({
      email: valid.email,
      company: valid.company,
      industry: valid.industry,
      position: valid.position,
      department: valid.department,
      province: valid.province,
      city: valid.city,
      address: valid.address,
      company_people: valid.company_people,
      avatar: values.avatar,
    });
    if (res.code !== 0) {
      const msg = failureMessage(res);
      if (msg) say(msg);
      return;
    }
    setMember(res.data);
    // SMBData keeps the avatar for display (spec section 3): the card above follows it.
    const stored = loadMember();
    if (stored) {
      saveMember({ ...stored, avatar: res.data.avatar });
      notifyMemberChange();
    }
    say(res.msg || '保存成功');
  };

  return (
    <Formik<Values>
      initialValues={toValues(member)}
      validationSchema={profileSchema}
      onSubmit={submit}
      enableReinitialize
    >
      {({ values, setFieldValue, isSubmitting }) => {
        const choose = async (file: File | undefined) => {
          if (!file) return;
          const problem = checkAvatarFile(file);
          if (problem) {
            say(problem);
            return;
          }
          setUploading(true);
          try {
            const body = new FormData();
            body.append('file', file);
            const res = await (await memberApi()).member_upload(body);
            if (res.code === 0) {
              await setFieldValue('avatar', res.data);
              say('头像已上传，保存后生效');
            } else {
              const msg = failureMessage(res);
              if (msg) say(msg);
            }
          } finally {
            setUploading(false);
            if (fileInput.current) fileInput.current.value = '';
          }
        };
        return (
          <Form className="mm-form" noValidate>
            <div className="mm-avatar">
              {values.avatar ? (
                <img src={values.avatar} alt="头像" width={64} height={64} />
              ) : (
                <span className="mm-avatar__blank" aria-hidden="true">
                  {member.username.slice(0, 1)}
                </span>
              )}
              <div>
                <button
                  type="button"
                  className="mm-btn mm-btn--ghost"
                  disabled={uploading}
                  onClick={() => fileInput.current?.click()}
                >
                  {uploading ? '上传中...' : '更换头像'}
                </button>
                <small>支持 PNG、JPG、JPEG，小于 3MB</small>
              </div>
              <input
                ref={fileInput}
                type="file"
                accept="image/png,image/jpeg,.png,.jpg,.jpeg"
                hidden
                aria-label="选择头像"
                onChange={(e) => void choose(e.target.files?.[0])}
              />
            </div>
            <div className="mm-row">
              <span className="mm-row__label">会员名</span>
              <input className="mm-input" value={member.username} readOnly disabled aria-label="会员名" />
            </div>
            <div className="mm-row">
              <span className="mm-row__label">手机号</span>
              <input className="mm-input" value={member.mobile} readOnly disabled aria-label="手机号" />
            </div>
            <MText name="email" label="邮箱" type="email" required />
            <MText name="company" label="公司名称" />
            <MSelect name="industry" label="行业" options={lists.industry} required />
            <MSelect name="position" label="职位" options={lists.position} required />
            <MSelect name="department" label="部门" options={lists.department} required />
            <PlaceFields provinces={lists.provinces} />
            <MText name="address" label="详细地址" />
            <MRow name="company_people" label="企业规模">
              <select
                id="mm-company_people"
                className="mm-input"
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
            </MRow>
            <button
              type="submit"
              className="mm-btn mm-btn--primary mm-btn--block"
              disabled={isSubmitting || uploading}
            >
              {isSubmitting ? '保存中...' : '保存'}
            </button>
          </Form>
        );
      }}
    </Formik>
  );
}
