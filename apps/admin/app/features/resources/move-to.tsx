import { Button, InputNumber, Popover, Space } from 'antd';
import { useState } from 'react';

/**
 * "移动到…": a record of an ordered list to any place of the whole list (1 = first), on whatever
 * page it is now. Dragging reaches the shown page only; this reaches the rest.
 */
export function MoveTo({
  current,
  total,
  onMove,
}: {
  /** The record's place in the whole list now (1-based). */
  current: number;
  total: number;
  onMove: (position: number) => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<number | null>(current);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (!position) return;
    setSaving(true);
    try {
      await onMove(position);
      setOpen(false);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setPosition(current);
      }}
      title={`移动到第几位（共 ${total} 条）`}
      content={
        <Space>
          <InputNumber
            aria-label="目标位置"
            min={1}
            max={Math.max(1, total)}
            precision={0}
            value={position}
            onChange={(v) => setPosition(v)}
            onPressEnter={() => void submit()}
          />
          <Button
            type="primary"
            size="small"
            loading={saving}
            disabled={!position}
            onClick={() => void submit()}
          >
            移动
          </Button>
        </Space>
      }
    >
      <Button type="link" size="small" style={{ padding: 0 }}>
        移动到
      </Button>
    </Popover>
  );
}
