import { Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import type { SearchPushStatus as Status } from '@portal/api-client/admin';
import { adminApi } from '../../lib/api';

const PROVIDER_LABEL: Record<string, string> = { baidu: '百度普通收录', outbox: '本地记录（未配置推送）' };

/**
 * The search engine push at a glance, above the article list: what waits, and what Baidu said is
 * left of today's quota per site (GET /admin/api/search-push). A failed load hides it: the list
 * stays usable.
 */
export function SearchPushStatus() {
  const [status, setStatus] = useState<Status | null>(null);
  useEffect(() => {
    let live = true;
    adminApi.searchPush().then(
      (s) => live && setStatus(s),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!status) return null;
  return (
    <Space wrap size={[16, 4]} style={{ marginBottom: 12 }} data-testid="search-push-status">
      <Typography.Text type="secondary">
        搜索推送：{PROVIDER_LABEL[status.provider] ?? status.provider}
      </Typography.Text>
      <span>
        待推送 {status.pending} 篇{status.failing > 0 ? `（${status.failing} 篇推送失败，稍后重试）` : ''}
      </span>
      {status.quota.map((q) => (
        <span key={q.site}>
          今日剩余配额 {new URL(q.site).host}：<strong>{q.remain}</strong>
        </span>
      ))}
      {status.resumesAt ? (
        <Tag color="red">今日配额已用完，{dayjs(status.resumesAt).format('M月D日 HH:mm')} 起恢复推送</Tag>
      ) : null}
    </Space>
  );
}
