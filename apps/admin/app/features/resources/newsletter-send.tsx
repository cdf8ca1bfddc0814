import { App, Button, Descriptions, Input, Modal, Popconfirm, Progress, Space, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { NewsletterProgress } from '@portal/api-client/admin';
import { AdminApiError, adminApi } from '../../lib/api';
import { ADMIN_TEXT } from '../../lib/texts';
import { ADMIN_MSG } from '@portal/api-client/admin';

/** How often the progress is read while a send runs. */
const POLL_MS = 1500;

const STATUS_LABEL: Record<NewsletterProgress['status'], string> = {
  idle: '未发送',
  sending: '发送中',
  done: '已发送',
};

/**
 * 发送 on a published weekly issue (issue 25): the subscriber count in the confirmation, an
 * optional test send to one address, then the live progress (sent, failed, pending, a bar) read
 * from GET /admin/api/reports/:id/send, and afterwards sent / failed / unsubscribed since.
 */
export function NewsletterSend({ id, title }: { id: number; title: string }) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [progress, setProgress] = useState<NewsletterProgress | null>(null);
  const [testEmail, setTestEmail] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setProgress(await adminApi.newsletterProgress(id));
    } catch (e) {
      if (e instanceof AdminApiError) void message.error(e.message);
    }
  }, [id, message]);

  const sending = progress?.status === 'sending';
  useEffect(() => {
    if (!open || !sending) return;
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [open, sending, load]);

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      void message.success(done);
      await load();
    } catch (e) {
      void message.error(e instanceof AdminApiError ? e.message : ADMIN_TEXT.failed);
    } finally {
      setBusy(false);
    }
  };

  const settled = progress ? progress.sent + progress.failed : 0;
  const percent = progress && progress.total > 0 ? Math.floor((settled / progress.total) * 100) : 0;

  return (
    <>
      <Button
        type="link"
        size="small"
        style={{ padding: 0 }}
        onClick={() => {
          setOpen(true);
          void load();
        }}
      >
        发送
      </Button>
      <Modal
        title={`发送周刊：${title}`}
        open={open}
        onCancel={() => setOpen(false)}
        footer={null}
        destroyOnHidden
      >
        {!progress ? (
          <Typography.Text>加载中…</Typography.Text>
        ) : (
          <Space direction="vertical" style={{ width: '100%' }} size="middle">
            <Descriptions size="small" column={2} bordered>
              <Descriptions.Item label="状态">{STATUS_LABEL[progress.status]}</Descriptions.Item>
              <Descriptions.Item label="当前订阅者">{progress.audience}</Descriptions.Item>
              <Descriptions.Item label="已发送">{progress.sent}</Descriptions.Item>
              <Descriptions.Item label="失败">{progress.failed}</Descriptions.Item>
              <Descriptions.Item label="待发送">{progress.pending}</Descriptions.Item>
              <Descriptions.Item label="发送后退订">{progress.unsubscribed}</Descriptions.Item>
            </Descriptions>
            {progress.audience === 0 && (
              <Typography.Text type="secondary">
                当前没有订阅者：发送不会寄出邮件，可先用测试邮箱查看效果。
              </Typography.Text>
            )}
            {progress.status !== 'idle' && (
              <Progress
                percent={percent}
                status={sending ? 'active' : progress.failed > 0 ? 'exception' : 'success'}
                format={() => `${settled} / ${progress.total}`}
                aria-label="发送进度"
              />
            )}
            <Space.Compact style={{ width: '100%' }}>
              <Input
                placeholder="测试邮箱（只发给这一个地址）"
                value={testEmail}
                maxLength={100}
                onChange={(e) => setTestEmail(e.target.value)}
                aria-label="测试邮箱"
              />
              <Button
                disabled={busy || !testEmail.trim()}
                onClick={() =>
                  void run(() => adminApi.newsletterSend(id, testEmail.trim()), ADMIN_MSG.newsletterTestSent)
                }
              >
                测试发送
              </Button>
            </Space.Compact>
            <Popconfirm
              title={`确定将本期周刊发送给 ${progress.audience} 位订阅者？`}
              description="每位订阅者只会收到一次；已收到的订阅者不会重复发送。"
              okText="发送"
              placement="topLeft"
              cancelText="取消"
              disabled={sending || busy}
              onConfirm={() => run(() => adminApi.newsletterSend(id), '已开始发送')}
            >
              <Button type="primary" disabled={sending || busy}>
                {progress.status === 'idle' ? '发送给订阅者' : '发送给新订阅者'}
              </Button>
            </Popconfirm>
          </Space>
        )}
      </Modal>
    </>
  );
}
