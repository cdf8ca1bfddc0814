import { DeleteOutlined } from '@ant-design/icons';
import { arrayMove } from '@dnd-kit/sortable';
import { Button, Empty, Select, Space, Spin, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { NEWSROOM_LIMITS } from '@portal/api-client/admin';
import { adminApi } from '../../lib/api';
import type { ControlProps } from './model';
import { DragHandle, SortableArea, SortableItem } from './sortable';

/** Titles of articles already seen, shared by every picker on the page. */
const titles = new Map<number, string>();

/**
 * Articles picked with a search box (GET /admin/api/articles?q=), in the order they are dragged to
 * (the form's value: their ids).
 */
export function ArticlePicker({ id, value, onChange, max, disabled }: ControlProps<number[]>) {
  const ids = useMemo(() => value ?? [], [value]);
  const [options, setOptions] = useState<{ value: number; label: string }[]>([]);
  const [searching, setSearching] = useState(false);
  const [, setKnown] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const seq = useRef(0);

  // Titles of ids the page does not know yet (a stored block): read once each.
  useEffect(() => {
    const missing = ids.filter((i) => !titles.has(i));
    if (missing.length === 0) return;
    let live = true;
    void Promise.all(
      missing.map((i) =>
        adminApi
          .article(i)
          .then((a) => titles.set(i, a.title))
          .catch(() => titles.set(i, `文章 ${i}（不存在或已删除）`)),
      ),
    ).then(() => live && setKnown((n) => n + 1));
    return () => {
      live = false;
    };
  }, [ids]);

  const search = (q: string) => {
    clearTimeout(timer.current);
    const text = q.trim().slice(0, NEWSROOM_LIMITS.search);
    timer.current = setTimeout(() => {
      const mine = ++seq.current;
      setSearching(true);
      adminApi
        .articles({ q: text || undefined, status: 'published', page: 1, pageSize: 20 })
        .then(({ items }) => {
          if (mine !== seq.current) return;
          for (const a of items) titles.set(a.id, a.title);
          setOptions(
            items.map((a) => ({
              value: a.id,
              label: `${a.title}（${a.categoryName} · ${a.id}）`,
            })),
          );
        })
        .catch(() => mine === seq.current && setOptions([]))
        .finally(() => mine === seq.current && setSearching(false));
    }, 300);
  };

  const full = max !== undefined && ids.length >= max;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Select<number>
        id={id}
        showSearch={{ filterOption: false, onSearch: search }}
        value={null}
        placeholder={full ? `最多 ${max} 篇` : '搜索文章标题，选择后加入列表'}
        disabled={disabled || full}
        notFoundContent={searching ? <Spin size="small" /> : '没有找到文章'}
        options={options.map((o) => ({ ...o, disabled: ids.includes(o.value) }))}
        onFocus={() => options.length === 0 && search('')}
        onChange={(picked) => onChange?.([...ids, picked])}
        style={{ width: '100%' }}
        aria-label="搜索文章"
      />
      {ids.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未选择文章" />
      ) : (
        <div className="picked-list">
          <SortableArea ids={ids} onMove={(from, to) => onChange?.(arrayMove(ids, from, to))}>
            {ids.map((articleId, index) => (
              <SortableItem key={articleId} id={articleId}>
                <div className="picked-item">
                  <DragHandle />
                  <Typography.Text type="secondary" className="picked-index">
                    {index + 1}
                  </Typography.Text>
                  <Typography.Text ellipsis className="picked-title">
                    {titles.get(articleId) ?? `文章 ${articleId}`}
                  </Typography.Text>
                  <Typography.Text type="secondary">#{articleId}</Typography.Text>
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label="移除"
                    disabled={disabled}
                    onClick={() => onChange?.(ids.filter((i) => i !== articleId))}
                  />
                </div>
              </SortableItem>
            ))}
          </SortableArea>
        </div>
      )}
    </Space>
  );
}
