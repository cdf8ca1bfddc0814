import { Card, Col, Empty, Row, Skeleton, Statistic, Table, Typography } from 'antd';
import { Suspense, lazy, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ArticleViewsItem, LabelledViews, StatsOverview } from '@portal/api-client/stats';
import { barsOption, shareOption, trendOption } from './options';
import { ADMIN_TEXT } from '../../lib/texts';
import { PUBLICATION_STATUS_LABEL, PublicationStatus } from '@portal/api-client/admin';

/** ECharts comes in its own chunk, only when a chart is on screen. */
const Chart = lazy(() => import('./Chart'));

function ChartCard({ title, children, height }: { title: string; children: ReactNode; height: number }) {
  return (
    <Card title={title} size="small">
      <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>{children}</Suspense>
    </Card>
  );
}

const hasViews = (items: LabelledViews[]) => items.some((i) => i.views > 0);
const none = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无阅读数据" />;

function TopArticles({ title, items }: { title: string; items: ArticleViewsItem[] }) {
  return (
    <Card title={title} size="small">
      <Table<ArticleViewsItem>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={items}
        locale={{ emptyText: '暂无阅读数据' }}
        columns={[
          { title: '#', width: 36, render: (_v, _r, i) => i + 1 },
          {
            title: '文章',
            dataIndex: 'title',
            ellipsis: true,
            render: (t: string, r) => <Link to={`/articles/${r.id}`}>{t || `#${r.id}`}</Link>,
          },
          { title: '阅读', dataIndex: 'views', width: 72, align: 'right' },
        ]}
      />
    </Card>
  );
}

/** 数据概览: what readers read and what waits for the newsroom (issue 25 section 2). */
export default function Dashboard({ overview: o }: { overview: StatsOverview }) {
  const trend = useMemo(() => trendOption(o.trend), [o.trend]);
  const sources = useMemo(() => shareOption(o.bySource), [o.bySource]);
  const devices = useMemo(() => shareOption(o.byDevice), [o.byDevice]);
  const categories = useMemo(() => barsOption(o.byCategory), [o.byCategory]);
  return (
    <div className="stats-dashboard">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        数据概览
        <Typography.Text type="secondary" style={{ fontSize: 13, marginLeft: 12, fontWeight: 'normal' }}>
          {o.today}（北京时间）
        </Typography.Text>
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {(
          [
            ['今日阅读', o.views.today],
            ['近 7 天阅读', o.views.days7],
            [ADMIN_TEXT.views30Days, o.views.days30],
          ] as const
        ).map(([title, value]) => (
          <Col key={title} span={5}>
            <Card size="small">
              <Statistic title={title} value={value} />
            </Card>
          </Col>
        ))}
        <Col span={9}>
          <Card size="small">
            <Row>
              <Col span={8}>
                <Link to="/review?tab=articles">
                  <Statistic title="待审专栏文章" value={o.work.pendingColumnArticles} />
                </Link>
              </Col>
              <Col span={8}>
                <Link to="/articles?status=scheduled">
                  <Statistic
                    title={PUBLICATION_STATUS_LABEL[PublicationStatus.Scheduled]}
                    value={o.work.scheduledArticles}
                  />
                </Link>
              </Col>
              <Col span={8}>
                <Statistic title="今日 / 7 天线索" value={o.work.leadsToday} suffix={`/ ${o.work.leads7}`} />
              </Col>
            </Row>
          </Card>
        </Col>
        <Col span={16}>
          <ChartCard title="阅读趋势（近 30 天）" height={280}>
            <Chart option={trend} height={280} label="近 30 天每日阅读量" />
          </ChartCard>
        </Col>
        <Col span={8}>
          <ChartCard title="来源（近 30 天）" height={280}>
            {hasViews(o.bySource) ? (
              <Chart option={sources} height={280} label={ADMIN_TEXT.sourceShare} />
            ) : (
              none
            )}
          </ChartCard>
        </Col>
        <Col span={8}>
          <TopArticles title="今日热门" items={o.topToday} />
        </Col>
        <Col span={8}>
          <TopArticles title="本周热门" items={o.topWeek} />
        </Col>
        <Col span={8}>
          <ChartCard title="设备（近 30 天）" height={200}>
            {hasViews(o.byDevice) ? <Chart option={devices} height={200} label="阅读设备占比" /> : none}
          </ChartCard>
          <div style={{ height: 16 }} />
          <ChartCard title="分类（近 30 天）" height={240}>
            {hasViews(o.byCategory) ? <Chart option={categories} height={240} label="各分类阅读量" /> : none}
          </ChartCard>
        </Col>
      </Row>
    </div>
  );
}
