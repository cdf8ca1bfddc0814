import { Card, DatePicker, Form, Input, Table } from 'antd';
import dayjs from 'dayjs';
import { useLoaderData } from 'react-router';
import {
  ADMIN_PAGE_SIZE,
  type AuditEntry,
  PUBLICATION_STATUS_LABEL,
  PublicationStatus,
} from '@portal/api-client/admin';
import { adminApi } from '../lib/api';
import { useSearchFilters } from '../lib/search-filters';
import { PAGE_TITLE } from '../lib/texts';
import { TEXT } from '@portal/api-client/messages';

const KEYS = ['editor', 'action', 'from', 'to', 'page', 'pageSize'] as const;

const ACTION_LABEL: Record<string, string> = {
  login: '登录',
  logout: '退出',
  'login-failed': '登录失败',
  'login-throttled': '登录受限',
  'display-name': '修改显示名称',
  create: '创建',
  update: '修改',
  delete: '删除',
  publish: '发布',
  schedule: PUBLICATION_STATUS_LABEL[PublicationStatus.Scheduled],
  unpublish: '下线',
  approve: '审核通过',
  reject: '审核拒绝',
  export: '导出',
  upload: '上传',
  disable: '停用',
  enable: '启用',
  password: '重设密码',
  reorder: '调整排序',
  'view-phone': '查看手机号',
  list: '查看名单',
};

export async function clientLoader({ request }: { request: Request }) {
  const params = new URL(request.url).searchParams;
  return adminApi.auditLog(Object.fromEntries(KEYS.map((k) => [k, params.get(k) ?? undefined])));
}

/** Who did what to which record, and when (admins only). */
export default function Audit() {
  const { items, total } = useLoaderData<typeof clientLoader>();
  const { params, apply } = useSearchFilters();
  return (
    <>
      <Card className="page-card">
        <Form layout="inline" style={{ rowGap: 12 }}>
          <Form.Item label="账号">
            <Input.Search
              allowClear
              defaultValue={params.get('editor') ?? ''}
              onSearch={(v) => apply({ editor: v.trim() || undefined, page: undefined })}
              style={{ width: 180 }}
            />
          </Form.Item>
          <Form.Item label="操作">
            <Input.Search
              allowClear
              defaultValue={params.get('action') ?? ''}
              placeholder="如 publish"
              onSearch={(v) => apply({ action: v.trim() || undefined, page: undefined })}
              style={{ width: 180 }}
            />
          </Form.Item>
          <Form.Item label="日期">
            <DatePicker.RangePicker
              onChange={(v) =>
                apply({
                  from: v?.[0]?.format('YYYY-MM-DD'),
                  to: v?.[1]?.add(1, 'day').format('YYYY-MM-DD'),
                  page: undefined,
                })
              }
            />
          </Form.Item>
        </Form>
      </Card>
      <Card title={PAGE_TITLE.audit}>
        <Table<AuditEntry>
          rowKey="id"
          dataSource={items}
          columns={[
            {
              title: '时间',
              dataIndex: 'createdAt',
              width: 170,
              render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
            },
            { title: '账号', dataIndex: 'editor', width: 120 },
            {
              title: '操作',
              dataIndex: 'action',
              width: 110,
              render: (a: string) => ACTION_LABEL[a.split(':')[0]] ?? a,
            },
            { title: '对象', width: 200, render: (_, e) => `${e.entity} ${e.entityId}` },
            { title: '详情', dataIndex: 'detail', ellipsis: true },
            { title: TEXT.sourceAddress, dataIndex: 'ip', width: 150 },
          ]}
          pagination={{
            current: Number(params.get('page') ?? 1),
            pageSize: Number(params.get('pageSize') ?? ADMIN_PAGE_SIZE.default),
            total,
            showTotal: (n) => `共 ${n} 条`,
            onChange: (p, size) => apply({ page: String(p), pageSize: String(size) }),
          }}
        />
      </Card>
    </>
  );
}
