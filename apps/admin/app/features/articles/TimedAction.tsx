import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, DatePicker, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * A time in the future and the button that acts at it (定时发布, 定时下线): the button waits until a
 * time is picked. The page holds the time, so it can clear it once the action succeeded.
 */
export function TimedAction({
  label,
  placeholder,
  value,
  onChange,
  onAct,
  busy,
}: {
  label: string;
  /** The picker's placeholder and accessible name. */
  placeholder: string;
  value: Dayjs | null;
  onChange: (at: Dayjs | null) => void;
  onAct: (at: Dayjs) => void;
  busy: boolean;
}) {
  return (
    <Space.Compact>
      <DatePicker
        showTime={{ format: 'HH:mm' }}
        format="YYYY-MM-DD HH:mm"
        placeholder={placeholder}
        value={value}
        onChange={onChange}
        disabledDate={(d) => d.isBefore(dayjs(), 'day')}
        aria-label={placeholder}
      />
      <Button icon={<ClockCircleOutlined />} disabled={!value || busy} onClick={() => value && onAct(value)}>
        {label}
      </Button>
    </Space.Compact>
  );
}
