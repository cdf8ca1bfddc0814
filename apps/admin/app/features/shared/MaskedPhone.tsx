import { EyeOutlined } from '@ant-design/icons';
import { App, Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { AdminApiError } from '../../lib/api';

/**
 * A phone number as every back-office list shows it: masked by the server until the editor asks
 * for it, one row at a time; `reveal` calls the server, which writes each look into the audit log.
 */
export function MaskedPhone({ masked, reveal }: { masked: string; reveal: () => Promise<string> }) {
  const { message } = App.useApp();
  const [full, setFull] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!masked) return null;
  const show = async () => {
    setBusy(true);
    try {
      setFull(await reveal());
    } catch (err) {
      message.error(err instanceof AdminApiError ? err.message : '查看失败');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space size={4}>
      <Typography.Text copyable={full ? { text: full } : false} className="masked-phone">
        {full ?? masked}
      </Typography.Text>
      {full === null && (
        <Button type="link" size="small" icon={<EyeOutlined />} loading={busy} onClick={show}>
          查看手机号
        </Button>
      )}
    </Space>
  );
}
