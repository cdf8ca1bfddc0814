import { Formik, Form, Field, ErrorMessage } from 'formik';
import { ErrorCode } from '@portal/api-client/codes';
import { PHONE_MAX_LENGTH } from '@portal/api-client/constants';
import { vendorMobileSchema } from '@portal/api-client/schemas';
import { Dialog, showToast } from '@portal/ui';
import { publicApi, setVendorUserId } from '@portal/session';
import { meetPayload } from '../meets';
import { isOk } from '@portal/api-client/envelope';
import { TEXT, MSG } from '@portal/api-client/messages';

export interface LoginDialogProps {
  open: boolean;
  meetId: number;
  /** Prefilled phone (after registration, or typed before). */
  mobile: string;
  onClose: () => void;
  onLoggedIn: (userId: string) => void;
  /** 10002: the phone is not registered for this meet yet. */
  onUnregistered: (mobile: string) => void;
}

/** Phone login of the landing gate (spec sections 4 and 5). */
export function LoginDialog({ open, meetId, mobile, onClose, onLoggedIn, onUnregistered }: LoginDialogProps) {
  return (
    <Dialog open={open} title="手机号登录" onClose={onClose} className="lp-login">
      <p className="lp-dialog__lead">输入报名时使用的手机号，即可查看全部报告与视频。</p>
      <Formik
        initialValues={{ mobile }}
        enableReinitialize
        validationSchema={vendorMobileSchema}
        validateOnBlur={false}
        onSubmit={async (values) => {
          const api = await publicApi();
          const res = await api.vendor_login({ mobile: values.mobile.trim(), ...meetPayload(meetId) });
          if (isOk(res)) {
            setVendorUserId(res.data.user_id);
            showToast(res.msg, 'success');
            onLoggedIn(res.data.user_id);
          } else if (res.code === ErrorCode.VendorUnregistered) {
            onUnregistered(values.mobile.trim());
          } else {
            showToast(res.msg, 'error');
          }
        }}
      >
        {({ isSubmitting, errors, touched }) => (
          <Form noValidate className="lp-form">
            <label className="lp-field">
              <span className="lp-field__label lp-field__label--required">手机号</span>
              <Field
                name="mobile"
                type="tel"
                inputMode="numeric"
                autoComplete="tel"
                maxLength={PHONE_MAX_LENGTH}
                placeholder={MSG.vendorMobileRequired}
                className="lp-input"
                aria-invalid={touched.mobile && errors.mobile ? true : undefined}
              />
              <ErrorMessage name="mobile" component="span" className="lp-field__error" />
            </label>
            <button
              type="submit"
              className="lp-button lp-button--primary lp-button--block"
              disabled={isSubmitting}
            >
              {isSubmitting ? TEXT.loggingIn : '登录'}
            </button>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
