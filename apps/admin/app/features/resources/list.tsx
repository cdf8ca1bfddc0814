import { EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { arrayMove } from '@dnd-kit/sortable';
import { App, Button, Card, Image, Popconfirm, Result, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useLoaderData, useNavigate, useRevalidator } from 'react-router';
import { ADMIN_PAGE_SIZE } from '@portal/api-client/admin';
import {
  RESOURCES,
  canResource,
  isResourceKind,
  type FieldDecl,
  type ResourceDecl,
  type ResourceKind,
  type ResourceRecord,
} from '@portal/api-client/admin-resources';
import NotFound from '../../routes/not-found';
import { AdminApiError, adminApi } from '../../lib/api';
import { queryOf, usePaging, useSearchFilters } from '../../lib/search-filters';
import { DateRangeFilter, FilterBar, SearchFilter, SelectFilter } from '../shared/filters';
import { useEditor } from '../../lib/session';
import { displayValue, previewUrl, recordId, scheduleState } from './model';
import { NewsletterSend } from './newsletter-send';
import { SensitiveImportExport } from '../shared/SensitiveHits';
import { MemberPhone } from './members';
import { MoveTo } from './move-to';
import { DragHandle, SortableArea, SortableRow } from './sortable';
import { ADMIN_TEXT } from '../../lib/texts';
import { TEXT } from '@portal/api-client/messages';

/** Ordered kinds list a long page, so a drag can reach every record of a usual list. */
const ORDERED_PAGE_SIZE = ADMIN_PAGE_SIZE.max;

/** The page, its size and the declared filters (a date filter: its first day and `to`). */
function listQuery(decl: ResourceDecl, request: Request) {
  const keys = decl.filters.flatMap((f) => (f.type === 'date' ? [f.name, 'to'] : [f.name]));
  const query = queryOf(request, ['page', 'pageSize', ...keys]);
  if (decl.ordered) query.pageSize ??= String(ORDERED_PAGE_SIZE);
  return query;
}

export async function clientLoader({ params, request }: { params: { kind?: string }; request: Request }) {
  const kind = params.kind ?? '';
  if (!isResourceKind(kind)) return null;
  const query = listQuery(RESOURCES[kind], request);
  try {
    return { kind, ...(await adminApi.resources.list(kind, query)), error: null };
  } catch (err) {
    if (err instanceof AdminApiError && err.status !== 401)
      return { kind, items: [] as ResourceRecord[], total: 0, error: err };
    throw err;
  }
}

const COMMON_LABELS: Record<string, string> = {
  id: '编号',
  created_at: TEXT.createdAt,
  updated_at: TEXT.updatedAt,
  createdAt: '时间',
  order: '排序',
};
const SCHEDULE_TAG = {
  pending: <Tag color="gold">未开始</Tag>,
  live: <Tag color="green">展示中</Tag>,
  ended: <Tag>已结束</Tag>,
};

function cell(f: FieldDecl | undefined, name: string, v: unknown) {
  if (f?.type === 'image')
    return typeof v === 'string' && v ? (
      <Image src={v} alt="" width={72} height={40} style={{ objectFit: 'cover', borderRadius: 4 }} />
    ) : null;
  if (f?.type === 'boolean') return v ? <Tag color="blue">是</Tag> : <Tag>否</Tag>;
  if (f?.type === 'select') return <Tag>{displayValue(f, v)}</Tag>;
  if (!f && (name === 'created_at' || name === 'updated_at' || name === 'createdAt'))
    return typeof v === 'string' && v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '';
  return displayValue(f, v);
}

/** The filters of a list page: a search box, a choice or a date range per declared filter. */
function Filters({ decl }: { decl: ResourceDecl }) {
  if (decl.filters.length === 0) return null;
  return (
    <FilterBar>
      {decl.filters.map((f) =>
        f.type === 'select' ? (
          <SelectFilter
            key={f.name}
            name={f.name}
            label={f.label}
            width={200}
            options={(f.options ?? []).map((o) => ({ value: String(o.value), label: o.label }))}
          />
        ) : f.type === 'date' ? (
          <DateRangeFilter key={f.name} label={f.label} from={f.name} />
        ) : (
          <SearchFilter
            key={f.name}
            name={f.name}
            label={f.label}
            placeholder={f.name === 'q' ? '输入关键词' : `输入${f.label}`}
          />
        ),
      )}
    </FilterBar>
  );
}

/**
 * A text column's width from the longest value its field declares (a longer one shows whole on
 * hover): short codes and names stay narrow, so a log's columns fit a 1440 px screen.
 */
function textWidth(f: FieldDecl): number {
  const max = f.type === 'text' ? (f.max ?? Infinity) : Infinity;
  return max <= 50 ? 120 : max <= 100 ? 150 : 200;
}

/** A published weekly issue: its publish time has come (the server checks it again). */
const isPast = (v: unknown) => typeof v === 'string' && v !== '' && Date.parse(v) <= Date.now();

/** The list page of any declared kind: columns, filters, paging, delete, drag order. */
export default function ResourceList() {
  const loaded = useLoaderData<typeof clientLoader>();
  if (!loaded) return <NotFound />;
  return <ListOf key={loaded.kind} {...loaded} />;
}

function ListOf({
  kind,
  items,
  total,
  error,
}: {
  kind: ResourceKind;
  items: ResourceRecord[];
  total: number;
  error: AdminApiError | null;
}) {
  const decl: ResourceDecl = RESOURCES[kind];
  const user = useEditor();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { params } = useSearchFilters();
  const { page, pageSize, pagination } = usePaging(decl.ordered ? ORDERED_PAGE_SIZE : undefined);
  // A dragged order shows at once, until the reloaded list has it.
  const [dragged, setDragged] = useState<ResourceRecord[] | null>(null);
  const rows = dragged ?? items;

  if (!canResource(user.role, kind, 'read') || error?.status === 403)
    return (
      <Result status="403" title={ADMIN_TEXT.noPermission} subTitle={`您的角色不能管理「${decl.label}」。`} />
    );

  const writable = canResource(user.role, kind, 'write');
  const canCreate = writable && decl.create !== false;
  const canRemove = writable && decl.remove !== false;
  const editable = decl.update !== false;
  const sortable = decl.ordered && writable;
  const fields = new Map(decl.fields.map((f) => [f.name, f]));
  const listPreview = previewUrl(decl);

  const remove = async (record: ResourceRecord) => {
    try {
      await adminApi.resources.remove(kind, recordId(decl, record));
      message.success('已删除');
      await revalidator.revalidate();
    } catch (err) {
      message.error(err instanceof AdminApiError ? err.message : ADMIN_TEXT.deleteFailed);
    }
  };

  // Places count in the whole list as filtered (the server moves across pages and renumbers).
  const filters = Object.fromEntries([...params].filter(([k]) => k !== 'page' && k !== 'pageSize'));
  const placeOf = (index: number) => (page - 1) * pageSize + index + 1;
  const moveTo = async (record: ResourceRecord, position: number) => {
    try {
      await adminApi.resources.move(kind, record[decl.idField] as number, position, filters);
      message.success('排序已保存');
      await revalidator.revalidate();
    } catch (err) {
      message.error(err instanceof AdminApiError ? err.message : '排序保存失败');
    }
  };
  const reorder = async (from: number, to: number) => {
    const record = rows[from];
    if (!record) return;
    setDragged(arrayMove(rows, from, to));
    try {
      await moveTo(record, placeOf(to));
    } finally {
      setDragged(null);
    }
  };

  const firstText = decl.columns.find((c) => {
    const t = fields.get(c)?.type;
    return t === 'text' || t === 'select' || t === 'number' || c === 'id';
  });
  const columns: ColumnsType<ResourceRecord> = [
    ...(sortable ? [{ key: 'drag', width: 48, align: 'center' as const, render: () => <DragHandle /> }] : []),
    ...decl.columns.map((name) => {
      const f = fields.get(name);
      const image = f?.type === 'image';
      return {
        key: name,
        title: f?.label ?? COMMON_LABELS[name] ?? name,
        dataIndex: name,
        width: image
          ? 96
          : f?.type === 'boolean'
            ? 80
            : f?.type === 'datetime'
              ? 150
              : f?.type === 'text' || f?.type === 'textarea'
                ? name === firstText && editable
                  ? 360
                  : textWidth(f)
                : undefined,
        ellipsis: !image && f?.type !== 'select',
        render: (v: unknown, record: ResourceRecord) => {
          if (kind === 'members' && name === 'mobile')
            return <MemberPhone id={recordId(decl, record)} masked={String(v ?? '')} />;
          const shown = cell(f, name, v);
          return name === firstText && editable ? (
            <Link to={`/${kind}/${encodeURIComponent(recordId(decl, record))}`}>
              {shown || ADMIN_TEXT.untitled}
            </Link>
          ) : (
            shown
          );
        },
      };
    }),
    ...(decl.scheduled
      ? [
          {
            key: 'state',
            title: '状态',
            width: 90,
            render: (_: unknown, r: ResourceRecord) => SCHEDULE_TAG[scheduleState(r)],
          },
        ]
      : []),
    {
      key: 'actions',
      title: '操作',
      fixed: 'right' as const,
      width: sortable ? 220 : 170,
      render: (_, record, index) => {
        const id = recordId(decl, record);
        const preview = listPreview ? null : previewUrl(decl, record);
        return (
          <Space size={4} wrap>
            <Link to={`/${kind}/${encodeURIComponent(id)}`}>{writable && editable ? '编辑' : '查看'}</Link>
            {sortable && <MoveTo current={placeOf(index)} total={total} onMove={(p) => moveTo(record, p)} />}
            {kind === 'reports' && writable && isPast(record.publish_time) && (
              <NewsletterSend id={Number(id)} title={`第 ${String(record.it_number ?? '')} 期`} />
            )}
            {kind === 'forms' && (
              <Link to={`/leads?source=activity&id=${encodeURIComponent(id)}`}>报名数据</Link>
            )}
            {preview && (
              <a href={preview} target="_blank" rel="noreferrer">
                预览
              </a>
            )}
            {canRemove && (
              <Popconfirm
                title={`删除后不可恢复，确定删除这条${decl.label}？`}
                onConfirm={() => remove(record)}
              >
                <Button type="link" danger size="small" style={{ padding: 0 }}>
                  删除
                </Button>
              </Popconfirm>
            )}
          </Space>
        );
      },
    },
  ];

  const table = (
    <Table<ResourceRecord>
      rowKey={(r) => recordId(decl, r)}
      columns={columns}
      dataSource={rows}
      loading={revalidator.state === 'loading'}
      components={sortable ? { body: { row: SortableRow } } : undefined}
      scroll={{ x: 'max-content' }}
      pagination={pagination(total)}
    />
  );

  return (
    <>
      <Filters decl={decl} />
      <Card
        title={
          <Space>
            {decl.label}
            {sortable && (
              <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 'normal' }}>
                拖动行首的把手调整顺序，松手即保存；跨页请用“移动到”
              </Typography.Text>
            )}
          </Space>
        }
        extra={
          <Space>
            {listPreview && (
              <a href={listPreview} target="_blank" rel="noreferrer">
                <EyeOutlined /> 查看前台
              </a>
            )}
            {kind === 'sensitive-words' && canCreate && (
              <SensitiveImportExport onImported={() => void revalidator.revalidate()} />
            )}
            {canCreate && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`/${kind}/new`)}>
                新建{decl.label}
              </Button>
            )}
          </Space>
        }
      >
        {error && <Typography.Paragraph type="danger">{error.message}</Typography.Paragraph>}
        {sortable ? (
          <SortableArea ids={rows.map((r) => recordId(decl, r))} onMove={reorder}>
            {table}
          </SortableArea>
        ) : (
          table
        )}
      </Card>
    </>
  );
}
