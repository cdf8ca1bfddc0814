import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LOGIN_CAPTCHA_FIELD, ADMIN_MSG } from '@portal/api-client/admin';
import { SliderCaptcha } from '@portal/ui/slider-captcha';
import { AdminApiError, adminApi } from '../lib/api';
import { MSG, TEXT } from '@portal/api-client/messages';

/** Only paths inside the back office are followed after signing in (no open redirect). */
function safeNext(next: string | null): string {
  return next && /^\/admin\/[\w\-/?=&%.]*$/.test(next) ? next.slice('/admin'.length) : '/';
}

/** A picture for the slider; null (the slider says 加载中… and 换一个 retries) when it could not load. */
const loadChallenge = () => adminApi.captcha().catch(() => null);

export default function Login() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // The server asks for the slider when the account met many failed logins (from any address).
  const [sliderShown, setSliderShown] = useState(false);
  const [proof, setProof] = useState<string | null>(null);
  const [sliderKey, setSliderKey] = useState(0);

  const submit = async ({ username, password }: { username: string; password: string }) => {
    if (sliderShown && !proof) {
      setError(ADMIN_MSG.captchaRequired);
      return;
    }
    setBusy(true);
    setError('');
    try {
      await adminApi.login(username, password, proof ?? undefined);
      navigate(safeNext(params.get('next')), { replace: true });
    } catch (err) {
      setError(err instanceof AdminApiError ? err.message : '登录失败，请稍后再试');
      if (err instanceof AdminApiError && err.field === LOGIN_CAPTCHA_FIELD) setSliderShown(true);
      // Every try spends the picture: the next one needs a new one.
      if (proof) setSliderKey((k) => k + 1);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="login-page">
      <Card
        className="login-card"
        title={
          <Typography.Title level={4} style={{ margin: 0 }}>
            编辑后台登录
          </Typography.Title>
        }
      >
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Form layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item
            label="用户名"
            name="username"
            rules={[{ required: true, message: ADMIN_MSG.usernameRequired }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" />
          </Form.Item>
          <Form.Item label="密码" name="password" rules={[{ required: true, message: MSG.passwordRequired }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          {sliderShown && (
            <Form.Item label={TEXT.dragVerify}>
              <SliderCaptcha load={loadChallenge} onChange={setProof} resetKey={sliderKey} />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={busy}>
            登录
          </Button>
        </Form>
      </Card>
    </main>
  );
}
