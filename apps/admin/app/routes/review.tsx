import {
  Alert,
  App,
  Badge,
  Button,
  Card,
  Descriptions,
  Drawer,
  Input,
  Modal,
  Space,
  Table,
  Tabs,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useLoaderData, useRevalidator, useSearchParams } from 'react-router';
import {
  NEWSROOM_LIMITS,
  type ColumnApplication,
  type Paged,
  type PendingColumnArticle,
  ADMIN_MSG,
} from '@portal/api-client/admin';
import { MemberPhone } from '../features/resources/members';
import { HitCount, HitList } from '../features/shared/SensitiveHits';
import { AdminApiError, adminApi } from '../lib/api';
import { TEXT } from '@portal/api-client/messages';
import { PAGE_TITLE } from '../lib/texts';

type Kind = 'columns' | 'articles';

export async function clientLoader({ request }: { request: Request }) {
  const params = new URL(request.url).searchParams;
  const page = (key: string) => ({ page: params.get(`${key}Page`) ?? undefined });
  const [columns, articles] = await Promise.all([
    adminApi.columnApplications(page('columns')),
    adminApi.pendingArticles(page('articles')),
  ]);
  return { columns, articles };
}

const fmt = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/** The review queues: members' column applications and the column articles they submit. */
export default function Review() {
  const { columns, articles } = useLoaderData<typeof clientLoader>();
  const [params, setParams] = useSearchParams();
  const { message } = App.useApp();
  const revalidator = useRevalidator();
  const [rejecting, setRejecting] = useState<{ kind: Kind; id: number; title: string } | null>(null);
  const [reason, setReason] = useState('');
  const [preview, setPreview] = useState<PendingColumnArticle | null>(null);
  const tab = params.get('tab') === 'articles' ? 'articles' : 'columns';

  const decide = async (kind: Kind, id: number, approve: boolean, why?: string) => {
    try {
      await adminApi.decide(kind, id, approve, why);
      message.success(approve ? '已通过' : '已拒绝');
      setRejecting(null);
      setPreview(null);
      setReason('');
      await revalidator.revalidate();
    } catch (err) {
      message.error(err instanceof AdminApiError ? err.message : '操作失败');
    }
  };
  const actions = (kind: Kind, id: number, title: string) => (
    <Space>
      <Button type="primary" size="small" onClick={() => decide(kind, id, true)}>
        通过
      </Button>
      <Button danger size="small" onClick={() => setRejecting({ kind, id, title })}>
        拒绝
      </Button>
    </Space>
  );
  const paging = (key: Kind, total: number) => ({
    total,
    current: Number(params.get(`${key}Page`) ?? 1),
    pageSize: 20,
    showTotal: (n: number) => `共 ${n} 条`,
    onChange: (p: number) => {
      const next = new URLSearchParams(params);
      next.set(`${key}Page`, String(p));
      setParams(next);
    },
  });

  const columnCols: ColumnsType<ColumnApplication> = [
    { title: '会员', dataIndex: 'username' },
    {
      title: '手机号',
      dataIndex: 'mobile',
      width: 200,
      render: (_, c) => <MemberPhone id={String(c.memberId)} masked={c.mobile} />,
    },
    { title: '邮箱', dataIndex: 'email' },
    { title: '公司', dataIndex: 'company' },
    { title: '行业', dataIndex: 'industry', width: 100 },
    { title: '职位', dataIndex: 'position', width: 100 },
    { title: '申请时间', dataIndex: 'appliedAt', width: 150, render: fmt },
    {
      title: '敏感词',
      width: 220,
      render: (_, c) => (c.hits?.length ? <HitList hits={c.hits} /> : <HitCount hits={c.hits} />),
    },
    {
      title: '操作',
      width: 140,
      render: (_, c) => actions('columns', c.memberId, `${c.username} 的专栏申请`),
    },
  ];
  const articleCols: ColumnsType<PendingColumnArticle> = [
    {
      title: '标题',
      dataIndex: 'title',
      render: (t: string, a) => (
        <Button type="link" size="small" onClick={() => setPreview(a)}>
          {t}
        </Button>
      ),
    },
    { title: '作者', dataIndex: 'username', width: 120 },
    { title: '敏感词', width: 110, render: (_, a) => <HitCount hits={a.hits} /> },
    { title: '栏目', dataIndex: 'category', width: 100 },
    { title: TEXT.submittedAt, dataIndex: 'submittedAt', width: 150, render: fmt },
    {
      title: '操作',
      width: 220,
      render: (_, a) => (
        <Space>
          <Button type="link" size="small" onClick={() => setPreview(a)}>
            预览
          </Button>
          {actions('articles', a.id, a.title)}
        </Space>
      ),
    },
  ];

  /** One queue's tab: its name with the count waiting, and its page of the queue. */
  const queue = <T extends object>(
    key: Kind,
    label: string,
    rowKey: keyof T & string,
    cols: ColumnsType<T>,
    page: Paged<T>,
  ) => ({
    key,
    label: (
      <Badge count={page.total} offset={[12, -2]} size="small">
        {label}
      </Badge>
    ),
    children: (
      <Table<T> rowKey={rowKey} columns={cols} dataSource={page.items} pagination={paging(key, page.total)} />
    ),
  });

  return (
    <Card title={PAGE_TITLE.review}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key })}
        items={[
          queue('columns', TEXT.columnApplication, 'memberId', columnCols, columns),
          queue('articles', TEXT.columnArticle, 'id', articleCols, articles),
        ]}
      />
      <Drawer
        title={preview?.title}
        open={preview !== null}
        onClose={() => setPreview(null)}
        size={720}
        extra={preview && actions('articles', preview.id, preview.title)}
      >
        {preview && (
          <>
            <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
              <Descriptions.Item label="作者">{preview.username}</Descriptions.Item>
              <Descriptions.Item label="栏目">{preview.category}</Descriptions.Item>
              <Descriptions.Item label="关键词">{preview.keyword || '—'}</Descriptions.Item>
              <Descriptions.Item label={TEXT.submittedAt}>{fmt(preview.submittedAt)}</Descriptions.Item>
              <Descriptions.Item label="摘要" span={2}>
                {preview.description || '—'}
              </Descriptions.Item>
            </Descriptions>
            {preview.hits && preview.hits.length > 0 && (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 16 }}
                title={`提交时发现 ${preview.hits.length} 处敏感词`}
                description={<HitList hits={preview.hits} />}
              />
            )}
            {/* Sanitised by the server with the public pages' allow-list. */}
            <div className="review-preview" dangerouslySetInnerHTML={{ __html: preview.content }} />
          </>
        )}
      </Drawer>
      <Modal
        title={`拒绝：${rejecting?.title ?? ''}`}
        open={rejecting !== null}
        okText="确认拒绝"
        okButtonProps={{ danger: true, disabled: reason.trim() === '' }}
        onOk={() => rejecting && decide(rejecting.kind, rejecting.id, false, reason.trim())}
        onCancel={() => setRejecting(null)}
      >
        <Typography.Paragraph type="secondary">会员会看到这里填写的原因。</Typography.Paragraph>
        <Input.TextArea
          aria-label="拒绝原因"
          rows={4}
          value={reason}
          maxLength={NEWSROOM_LIMITS.reason}
          showCount
          onChange={(e) => setReason(e.target.value)}
          placeholder={ADMIN_MSG.reasonRequired}
        />
      </Modal>
    </Card>
  );
}
