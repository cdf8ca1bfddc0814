import { Form, Formik } from 'formik';
import type { Api } from '@portal/api-client';
import { profileSchema } from '@portal/api-client/schemas';
import { memberUpdated, useAppDispatch } from '@portal/session/store';
import { showToast } from '@portal/ui';
import {
  NewsletterSettings,
  ProfileFields,
  Row,
  toProfileValues,
  useProfile,
  type ProfileFormValues,
} from '@portal/ui/member';
import type { FormOptions } from '../lib/options.server';

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
  const profile = useProfile({
    getApi,
    say: showToast,
    memberId,
    options,
    // SMBData was saved by the hook; the store's member (the header card) follows.
    onSaved: (saved) => dispatch(memberUpdated({ avatar: saved.avatar })),
  });
  const { member, uploading, fileInput } = profile;
  if (!member) return <p className="member-empty">加载中…</p>;

  return (
    <>
      <Formik<ProfileFormValues>
        initialValues={toProfileValues(member)}
        validationSchema={profileSchema}
        onSubmit={profile.submit}
        enableReinitialize
      >
        {({ values, setFieldValue, isSubmitting }) => (
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
                  onChange={(e) =>
                    void profile.chooseAvatar(e.target.files?.[0], (url) => setFieldValue('avatar', url))
                  }
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
        )}
      </Formik>
      <NewsletterSettings getApi={getApi} say={showToast} />
    </>
  );
}
