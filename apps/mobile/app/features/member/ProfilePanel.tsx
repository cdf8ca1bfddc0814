import { Form, Formik } from 'formik';
import { profileSchema } from '@portal/api-client/schemas';
import {
  ProfileFields,
  toProfileValues,
  NewsletterSettings,
  useProfile,
  type ProfileFormValues,
  type Say,
} from '@portal/ui/member';
import { memberApi } from '@portal/session';

/**
 * 基本信息 on the phone: avatar (png/jpg/jpeg under 3 MB, checked here and again by the server),
 * read-only username and mobile, and the editable profile of spec section 3 (useProfile).
 */
export function ProfilePanel({ memberId, say }: { memberId: number; say: Say }) {
  const profile = useProfile({ getApi: memberApi, say, memberId });
  const { member, options: lists, uploading, fileInput } = profile;

  if (!member || !lists) {
    return (
      <p className="mm-empty" role="status">
        加载中...
      </p>
    );
  }

  return (
    <>
      <Formik<ProfileFormValues>
        initialValues={toProfileValues(member)}
        validationSchema={profileSchema}
        onSubmit={profile.submit}
        enableReinitialize
      >
        {({ values, setFieldValue, isSubmitting }) => {
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
                  onChange={(e) =>
                    void profile.chooseAvatar(e.target.files?.[0], (url) => setFieldValue('avatar', url))
                  }
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
      <NewsletterSettings getApi={memberApi} say={say} />
    </>
  );
}
