import { ARTICLE_ENTITY } from '@portal/api-client/presence';
import { PresenceTag, usePresenceList } from '../../features/shared/presence';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { Link, useLoaderData, useNavigate } from 'react-router';
import {
  ADMIN_PAGE_SIZE,
  PUBLICATION_STATUSES,
  PUBLICATION_STATUS_LABEL,
  type AdminArticleSummary,
} from '@portal/api-client/admin';
import { CATEGORY_PAGES } from '@portal/api-client/constants';
import { SearchPushStatus } from '../../features/articles/SearchPushStatus';
import { StatusTag } from '../../features/articles/status';
import { adminApi } from '../../lib/api';
import { useSearchFilters } from '../../lib/search-filters';
import { PAGE_TITLE } from '../../lib/texts';

const FILTERS = ['status', 'category', 'q', 'from', 'to', 'page', 'pageSize'] as const;

/** The list reads its filters from the URL, so a filtered page can be bookmarked and shared. */
export async function clientLoader({ request }: { request: Request }) {
  const params = new URL(request.url).searchParams;
  const query = Object.fromEntries(FILTERS.map((k) => [k, params.get(k) ?? undefined]));
  return adminApi.articles(query);
}

const fmt = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');

export default function ArticleList() {
  const { items, total } = useLoaderData<typeof clientLoader>();
  const { params, apply } = useSearchFilters();
  const navigate = useNavigate();
  const page = Number(params.get('page') ?? 1);
  const pageSize = Number(params.get('pageSize') ?? ADMIN_PAGE_SIZE.default);
  const editing = usePresenceList(
    ARTICLE_ENTITY,
    items.map((a) => a.id),
  );

  const columns: ColumnsType<AdminArticleSummary> = [
    {
      title: '标题',
      dataIndex: 'title',
      render: (title: string, a) => (
        <Space size={4} wrap>
          <Link to={`/articles/${a.id}`}>{title}</Link>
          {a.is_hot && <Tag color="volcano">热门</Tag>}
          {a.is_recommend && <Tag color="geekblue">推荐</Tag>}
          {a.memberId !== null && <Tag>会员专栏</Tag>}
          <PresenceTag names={editing[String(a.id)]} />
        </Space>
      ),
    },
    { title: '分类', dataIndex: 'categoryName', width: 100 },
    { title: '作者', dataIndex: 'author', width: 110 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (s: AdminArticleSummary['status']) => <StatusTag status={s} />,
    },
    {
      title: '时间',
      width: 170,
      render: (_, a) =>
        a.status === 'scheduled' ? (
          <Typography.Text type="warning">定时 {fmt(a.publishAt)}</Typography.Text>
        ) : a.status === 'published' ? (
          <>
            {fmt(a.publishedAt)}
            {a.unpublishAt && (
              <div>
                <Typography.Text type="warning">下线 {fmt(a.unpublishAt)}</Typography.Text>
              </div>
            )}
          </>
        ) : (
          <Typography.Text type="secondary">编辑于 {fmt(a.updatedAt)}</Typography.Text>
        ),
    },
    {
      title: '操作',
      width: 150,
      render: (_, a) => (
        <Space>
          <Link to={`/articles/${a.id}`}>编辑</Link>
          {a.status === 'published' && (
            <a href={a.url} target="_blank" rel="noreferrer">
              查看
            </a>
          )}
        </Space>
      ),
    },
  ];

  const range =
    params.get('from') && params.get('to')
      ? ([dayjs(params.get('from')), dayjs(params.get('to')).subtract(1, 'day')] as const)
      : null;

  return (
    <>
      <Card className="page-card">
        <Form layout="inline" style={{ rowGap: 12 }}>
          <Form.Item label="状态">
            <Select
              style={{ width: 120 }}
              allowClear
              placeholder="全部"
              value={params.get('status') || undefined}
              options={PUBLICATION_STATUSES.map((s) => ({ value: s, label: PUBLICATION_STATUS_LABEL[s] }))}
              onChange={(v?: string) => apply({ status: v, page: undefined })}
            />
          </Form.Item>
          <Form.Item label="分类">
            <Select
              style={{ width: 120 }}
              allowClear
              placeholder="全部"
              value={params.get('category') || undefined}
              options={CATEGORY_PAGES.map((c) => ({ value: c.alias, label: c.name }))}
              onChange={(v?: string) => apply({ category: v, page: undefined })}
            />
          </Form.Item>
          <Form.Item label="日期">
            <DatePicker.RangePicker
              value={range ? [range[0], range[1]] : null}
              onChange={(v) =>
                apply({
                  from: v?.[0]?.format('YYYY-MM-DD'),
                  to: v?.[1]?.add(1, 'day').format('YYYY-MM-DD'),
                  page: undefined,
                })
              }
            />
          </Form.Item>
          <Form.Item>
            <Input.Search
              placeholder="搜索标题"
              allowClear
              defaultValue={params.get('q') ?? ''}
              onSearch={(q) => apply({ q: q.trim() || undefined, page: undefined })}
              style={{ width: 220 }}
            />
          </Form.Item>
        </Form>
      </Card>
      <Card
        title={PAGE_TITLE.articles}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/articles/new')}>
            写文章
          </Button>
        }
      >
        <SearchPushStatus />
        <Table<AdminArticleSummary>
          rowKey="id"
          columns={columns}
          dataSource={items}
          pagination={{
            current: page,
            pageSize,
            total,
            showSizeChanger: true,
            showTotal: (n) => `共 ${n} 篇`,
            onChange: (p, size) => apply({ page: String(p), pageSize: String(size) }),
          }}
        />
      </Card>
    </>
  );
}
