import { Card, Col, Empty, Row, Skeleton, Statistic } from 'antd';
import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import type { ArticleStats } from '@portal/api-client/stats';
import { adminApi } from '../../lib/api';
import { shareOption, trendOption } from './options';
import { ADMIN_TEXT } from '../../lib/texts';

const Chart = lazy(() => import('./Chart'));

/** An article's views over the last 30 days, by day and by source (issue 25), on its edit page. */
export default function ArticleStatsCard({ id }: { id: number }) {
  const [stats, setStats] = useState<ArticleStats | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    adminApi.articleStats(id).then(
      (s) => live && setStats(s),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [id]);
  const byDay = useMemo(() => (stats ? trendOption(stats.byDay) : null), [stats]);
  const bySource = useMemo(() => (stats ? shareOption(stats.bySource) : null), [stats]);
  if (failed) return null;
  const range = stats ? stats.byDay.reduce((s, d) => s + d.views, 0) : 0;
  return (
    <Card title="阅读数据（近 30 天）" className="article-stats">
      {!stats || !byDay || !bySource ? (
        <Skeleton active />
      ) : (
        <Row gutter={16}>
          <Col span={4}>
            <Statistic title={ADMIN_TEXT.views30Days} value={range} />
            <Statistic title="累计阅读" value={stats.totalViews} style={{ marginTop: 16 }} />
          </Col>
          <Col span={12}>
            <Suspense fallback={<Skeleton active />}>
              <Chart option={byDay} height={240} label="每日阅读量" />
            </Suspense>
          </Col>
          <Col span={8}>
            {range > 0 ? (
              <Suspense fallback={<Skeleton active />}>
                <Chart option={bySource} height={240} label={ADMIN_TEXT.sourceShare} />
              </Suspense>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无阅读来源" />
            )}
          </Col>
        </Row>
      )}
    </Card>
  );
}
