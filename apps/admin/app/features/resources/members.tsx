import { EyeOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import type { FormInstance } from 'antd';
import { AdminApiError, adminApi } from '../../lib/api';

/**
 * A member's phone number: masked until the editor asks for it, each look written into the audit
 * log by the server (GET /admin/api/members/:id/phone).
 */
export function MemberPhone({ id, masked }: { id: string; masked: string }) {
  const { message } = App.useApp();
  const [full, setFull] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reveal = async () => {
    setBusy(true);
    try {
      setFull((await adminApi.memberPhone(id)).mobile);
    } catch (err) {
      message.error(err instanceof AdminApiError ? err.message : '查看失败');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space size={4}>
      <Typography.Text copyable={full ? { text: full } : false} className="member-phone">
        {full ?? masked}
      </Typography.Text>
      {full === null && (
        <Button type="link" size="small" icon={<EyeOutlined />} loading={busy} onClick={reveal}>
          查看手机号
        </Button>
      )}
    </Space>
  );
}

/** The member page's own action: back to "no column" (the member may apply again). */
export function ResetColumnStatus({ form, onSave }: { form: FormInstance; onSave: () => void }) {
  return (
    <Popconfirm
      title="重置后该会员的专栏状态变为「未申请」，可重新申请。确定？"
      onConfirm={() => {
        form.setFieldValue('column_status', 0);
        onSave();
      }}
    >
      <Button>重置专栏状态</Button>
    </Popconfirm>
  );
}
