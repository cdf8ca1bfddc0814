import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Form, Select, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useLoaderData } from 'react-router';
import { LEAD_SOURCES, LEAD_SOURCE_LABEL, type Lead, type LeadSource } from '@portal/api-client/admin';
import { MaskedPhone } from '../features/shared/MaskedPhone';
import { adminApi, leadExportUrl } from '../lib/api';
import { queryOf, usePaging, useSearchFilters } from '../lib/search-filters';
import { DateRangeFilter, FilterBar } from '../features/shared/filters';
import { PAGE_TITLE } from '../lib/texts';

const KEYS = ['source', 'id', 'from', 'to', 'page', 'pageSize'] as const;

export async function clientLoader({ request }: { request: Request }) {
  const sources = await adminApi.leadSources();
  const asked = queryOf(request, KEYS);
  const source = (asked.source ?? 'vendor') as LeadSource;
  const query = { ...asked, source, id: asked.id ?? sources[source]?.[0]?.id };
  const page = query.id ? await adminApi.leads(query) : null;
  return { sources, query, page };
}

/** Leads per vendor meet, partner page and activity form, with the exports sales open in Excel. */
export default function Leads() {
  const { sources, query, page } = useLoaderData<typeof clientLoader>();
  const { apply } = useSearchFilters();
  const { pagination } = usePaging();
  const exportQuery = { source: query.source, id: query.id, from: query.from, to: query.to };
  /** The full number in column `key` of one lead: the server audits each look. */
  const revealPhone = (lead: Lead, key: string) => async () =>
    (await adminApi.leadPhone(lead.id, { source: query.source, id: query.id ?? '', key })).mobile;

  return (
    <>
      <FilterBar>
        <Form.Item label="来源">
          <Select
            style={{ width: 140 }}
            value={query.source}
            options={LEAD_SOURCES.map((s) => ({ value: s, label: LEAD_SOURCE_LABEL[s] }))}
            onChange={(source: string) => apply({ source, id: undefined, page: undefined })}
          />
        </Form.Item>
        <Form.Item label="活动">
          <Select
            style={{ width: 260 }}
            value={query.id}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="选择活动"
            options={(sources[query.source] ?? []).map((s) => ({
              value: s.id,
              label: `${s.id} · ${s.name}`,
            }))}
            onChange={(id: string) => apply({ id, page: undefined })}
          />
        </Form.Item>
        <DateRangeFilter label="提交日期" />
      </FilterBar>
      <Card
        title={PAGE_TITLE.leads}
        extra={
          query.id && (
            <Space>
              <Button icon={<DownloadOutlined />} href={leadExportUrl('csv', exportQuery)}>
                导出 CSV
              </Button>
              <Button icon={<DownloadOutlined />} href={leadExportUrl('xlsx', exportQuery)}>
                导出 Excel
              </Button>
            </Space>
          )
        }
      >
        {page ? (
          <Table<Lead>
            rowKey="id"
            scroll={{ x: 'max-content' }}
            dataSource={page.items}
            columns={page.columns.map((c) => ({
              title: c.label,
              key: c.key,
              // Phones come masked; each row's full number is one audited look.
              ellipsis: !c.phone,
              render: (_: unknown, lead: Lead) =>
                c.key === 'created_at' ? (
                  dayjs(lead.createdAt).format('YYYY-MM-DD HH:mm')
                ) : c.phone ? (
                  <MaskedPhone masked={lead.values[c.key] ?? ''} reveal={revealPhone(lead, c.key)} />
                ) : (
                  lead.values[c.key]
                ),
            }))}
            pagination={pagination(page.total)}
          />
        ) : (
          <Empty description="还没有可选的活动" />
        )}
      </Card>
    </>
  );
}
