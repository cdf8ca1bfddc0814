import { ARTICLE_ENTITY } from '@portal/api-client/presence';
import { PresenceTag, usePresenceList } from '../../features/shared/presence';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { Link, useLoaderData, useNavigate } from 'react-router';
import {
  PublicationStatus,
  PUBLICATION_STATUSES,
  PUBLICATION_STATUS_LABEL,
  type AdminArticleSummary,
} from '@portal/api-client/admin';
import { CATEGORY_PAGES } from '@portal/api-client/constants';
import { SearchPushStatus } from '../../features/articles/SearchPushStatus';
import { StatusTag } from '../../features/articles/status';
import { adminApi } from '../../lib/api';
import { queryOf, usePaging } from '../../lib/search-filters';
import { DateRangeFilter, FilterBar, SearchFilter, SelectFilter } from '../../features/shared/filters';
import { PAGE_TITLE } from '../../lib/texts';

const FILTERS = ['status', 'category', 'q', 'from', 'to', 'page', 'pageSize'] as const;

/** The list reads its filters from the URL, so a filtered page can be bookmarked and shared. */
export async function clientLoader({ request }: { request: Request }) {
  return adminApi.articles(queryOf(request, FILTERS));
}

const fmt = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');

export default function ArticleList() {
  const { items, total } = useLoaderData<typeof clientLoader>();
  const { pagination } = usePaging();
  const navigate = useNavigate();
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
      width: 200, // 定时 or 下线 and a full time on one line
      render: (_, a) =>
        a.status === PublicationStatus.Scheduled ? (
          <Typography.Text type="warning">定时 {fmt(a.publishAt)}</Typography.Text>
        ) : a.status === PublicationStatus.Published ? (
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
          {a.status === PublicationStatus.Published && (
            <a href={a.url} target="_blank" rel="noreferrer">
              查看
            </a>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <FilterBar>
        <SelectFilter
          name="status"
          label="状态"
          options={PUBLICATION_STATUSES.map((s) => ({ value: s, label: PUBLICATION_STATUS_LABEL[s] }))}
        />
        <SelectFilter
          name="category"
          label="分类"
          options={CATEGORY_PAGES.map((c) => ({ value: c.alias, label: c.name }))}
        />
        <DateRangeFilter />
        <SearchFilter name="q" placeholder="搜索标题" />
      </FilterBar>
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
          pagination={pagination(total, '篇')}
        />
      </Card>
    </>
  );
}
