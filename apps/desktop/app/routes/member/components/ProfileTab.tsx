import { useEffect, useRef, useState } from 'react';
import { Form, Formik } from 'formik';
import type { Api, Member } from '@portal/api-client';
import { profileSchema } from '@portal/api-client/schemas';
import { updateMember, useAppDispatch } from '@portal/session/store';
import { showToast } from '@portal/ui';
import { notifyMemberChange, toastFailure } from '../lib/api';
import type { FormOptions } from '../lib/options.server';
import {
  ProfileFields,
  Row,
  toProfileValues,
  updateProfile,
  uploadAvatar,
  type ProfileFormValues,
} from '@portal/ui/member';
import { isOk } from '@portal/api-client/envelope';

/** 基本信息: the profile form; username and mobile are shown read-only, the avatar is uploaded first. */
export function ProfileTab({
  getApi,
  memberId,
  options,
}: {
  getApi: () => Promise<Api>;
  memberId: number;
  options: FormOptions;
}) {
  const dispatch = useAppDispatch();
  const [member, setMember] = useState<Member | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let live = true;
    void getApi()
      .then((api) => api.member_info({ id: memberId }))
      .then((res) => {
        if (!live) return;
        if (isOk(res)) setMember(res.data);
        else toastFailure(res);
      });
    return () => {
      live = false;
    };
  }, [getApi, memberId]);

  if (!member) return <p className="member-empty">加载中…</p>;

  const submit = async (values: ProfileFormValues) => {
    const res = await updateProfile(await getApi(), values);
    if (!isOk(res)) {
      toastFailure(res);
      return;
    }
    setMember(res.data);
    dispatch(updateMember({ avatar: res.data.avatar }));
    notifyMemberChange();
    showToast(res.msg || '保存成功', 'success');
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
            const uploaded = await uploadAvatar(getApi, file);
            if ('url' in uploaded) {
              await setFieldValue('avatar', uploaded.url);
              showToast('头像已上传，保存后生效', 'success');
            } else if (uploaded.error) showToast(uploaded.error, 'error');
          } finally {
            setUploading(false);
            if (fileInput.current) fileInput.current.value = '';
          }
        };
        return (
          <Form className="mform" noValidate>
            <Row label="头像" name="avatar">
              <div className="avatar-picker">
                {values.avatar ? (
                  <img src={values.avatar} alt="头像" width={72} height={72} />
                ) : (
                  <span className="avatar-picker__empty">无头像</span>
                )}
                <input
                  ref={fileInput}
                  id="f-avatar"
                  type="file"
                  accept="image/png,image/jpeg,.png,.jpg,.jpeg"
                  hidden
                  onChange={(e) => void choose(e.target.files?.[0])}
                />
                <button
                  type="button"
                  className="ui-button"
                  disabled={uploading}
                  onClick={() => fileInput.current?.click()}
                >
                  {uploading ? '上传中…' : '上传头像'}
                </button>
                <small>支持 PNG、JPG、JPEG，小于 3MB</small>
              </div>
            </Row>
            <Row label="会员名" name="username_ro">
              <input className="mform__input" value={member.username} readOnly disabled aria-label="会员名" />
            </Row>
            <Row label="手机号" name="mobile_ro">
              <input className="mform__input" value={member.mobile} readOnly disabled aria-label="手机号" />
            </Row>
            <ProfileFields options={options} getApi={getApi} />
            <div className="mform__actions">
              <button
                type="submit"
                className="ui-button ui-button--primary mform__submit"
                disabled={isSubmitting || uploading}
              >
                {isSubmitting ? '保存中…' : '保存'}
              </button>
            </div>
          </Form>
        );
      }}
    </Formik>
  );
}
