import { Alert, Button, Modal, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import type { EditConflict } from '@portal/api-client/admin';
import { ADMIN_MSG } from '@portal/api-client/admin';

/** One field that differs between the editor's copy and the newest saved version. */
export interface Difference {
  label: string;
  mine: string;
  theirs: string;
}

interface Props {
  /** Who saved in between, from the 409; null when closed. */
  conflict: EditConflict | null;
  differences: readonly Difference[];
  busy: boolean;
  /** Discard this copy and load the newest version into the form. */
  onReload: () => void;
  /** Save this copy on top of the newest, as a new revision. */
  onOverwrite: () => void;
  onClose: () => void;
}

/**
 * A save refused because someone saved first (409): the editor's text beside the newest one, and an
 * explicit choice between taking the newest and saving theirs on top. Never resolved silently.
 */
export function EditConflictDialog({ conflict, differences, busy, onReload, onOverwrite, onClose }: Props) {
  return (
    <Modal
      open={conflict !== null}
      title="内容已被他人修改"
      width={960}
      onCancel={onClose}
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={onClose} disabled={busy}>
            返回编辑
          </Button>
          <Button onClick={onReload} disabled={busy}>
            放弃我的修改，载入最新版本
          </Button>
          <Button type="primary" danger onClick={onOverwrite} loading={busy}>
            用我的版本覆盖（保存为新版本）
          </Button>
        </Space>
      }
    >
      {conflict && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={`${conflict.savedBy || ADMIN_MSG.otherEditor} 于 ${dayjs(conflict.savedAt).format('YYYY-MM-DD HH:mm:ss')} 保存了第 ${conflict.version} 版，你的修改尚未保存。`}
        />
      )}
      {differences.length === 0 ? (
        <Typography.Paragraph type="secondary">两个版本的内容相同。</Typography.Paragraph>
      ) : (
        <Table<Difference>
          size="small"
          rowKey="label"
          pagination={false}
          dataSource={[...differences]}
          scroll={{ y: 420 }}
          columns={[
            { title: '字段', dataIndex: 'label', width: 120 },
            { title: '我的版本', dataIndex: 'mine', render: (v: string) => <Excerpt text={v} /> },
            { title: '最新版本', dataIndex: 'theirs', render: (v: string) => <Excerpt text={v} /> },
          ]}
        />
      )}
    </Modal>
  );
}

function Excerpt({ text }: { text: string }) {
  return (
    <Typography.Paragraph
      ellipsis={{ rows: 6, expandable: true, symbol: '展开' }}
      style={{ marginBottom: 0 }}
    >
      {text || '（空）'}
    </Typography.Paragraph>
  );
}

/** The fields of two versions whose shown text differs, in the order of `fields`. */
export function differencesOf<T>(
  fields: readonly { label: string; text: (value: T) => string }[],
  mine: T,
  theirs: T,
): Difference[] {
  return fields
    .map((f) => ({ label: f.label, mine: f.text(mine), theirs: f.text(theirs) }))
    .filter((d) => d.mine !== d.theirs);
}
