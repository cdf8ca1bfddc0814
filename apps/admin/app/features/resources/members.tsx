import { Button, Popconfirm } from 'antd';
import type { FormInstance } from 'antd';
import { ColumnStatus } from '@portal/api-client/constants';
import { adminApi } from '../../lib/api';
import { MaskedPhone } from '../shared/MaskedPhone';

/** A member's phone number, masked until asked for (GET /admin/api/members/:id/phone, audited). */
export function MemberPhone({ id, masked }: { id: string; masked: string }) {
  return <MaskedPhone masked={masked} reveal={async () => (await adminApi.memberPhone(id)).mobile} />;
}

/** The member page's own action: back to "no column" (the member may apply again). */
export function ResetColumnStatus({ form, onSave }: { form: FormInstance; onSave: () => void }) {
  return (
    <Popconfirm
      title="重置后该会员的专栏状态变为「未申请」，可重新申请。确定？"
      onConfirm={() => {
        form.setFieldValue('column_status', ColumnStatus.NotApplied);
        onSave();
      }}
    >
      <Button>重置专栏状态</Button>
    </Popconfirm>
  );
}
