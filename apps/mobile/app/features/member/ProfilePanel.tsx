import { useEffect, useRef, useState } from 'react';
import { Form, Formik } from 'formik';
import type { Member } from '@portal/api-client';
import { profileSchema } from '@portal/api-client/schemas';
import { loadMember, saveMember } from '@portal/session';
import { failureMessage, memberApi, notifyMemberChange } from './api';
import {
  ProfileFields,
  toProfileValues,
  updateProfile,
  uploadAvatar,
  type ProfileFormValues,
  type ProfileOptions,
} from '@portal/ui/member';
import { isOk } from '@portal/api-client/envelope';

/**
 * 基本信息 on the phone: avatar (png/jpg/jpeg under 3 MB, checked here and again by the server),
 * read-only username and mobile, and the editable profile of spec section 3.
 */
export function ProfilePanel({ memberId, say }: { memberId: number; say: (msg: string) => void }) {
  const [member, setMember] = useState<Member | null>(null);
  const [lists, setLists] = useState<ProfileOptions | null>(null);
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
      if (isOk(info)) setMember(info.data);
      else {
        const msg = failureMessage(info);
        if (msg) say(msg);
      }
      setLists({
        industry: isOk(options) ? options.data.industry : [],
        position: isOk(options) ? options.data.position : [],
        department: isOk(options) ? options.data.department : [],
        provinces: isOk(provinces) ? provinces.data : [],
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

  const submit = async (values: ProfileFormValues) => {
    const res = await updateProfile(await memberApi(), values);
    if (!isOk(res)) {
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
    <Formik<ProfileFormValues>
      initialValues={toProfileValues(member)}
      validationSchema={profileSchema}
      onSubmit={submit}
      enableReinitialize
    >
      {({ values, setFieldValue, isSubmitting }) => {
        const choose = async (file: File | undefined) => {
          if (!file) return;
          setUploading(true);
          try {
            const uploaded = await uploadAvatar(memberApi, file);
            if ('url' in uploaded) {
              await setFieldValue('avatar', uploaded.url);
              say('头像已上传，保存后生效');
            } else if (uploaded.error) say(uploaded.error);
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
            <ProfileFields options={lists} getApi={memberApi} />
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
