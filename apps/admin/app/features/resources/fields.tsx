import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';
import type { FieldDecl } from '@portal/api-client/admin-resources';
import { tooShortMsg } from '@portal/api-client/messages';
import { ContentEditor } from '../shared/ContentEditor';
import { ArticlePicker } from './article-picker';
import { SCHEDULE, displayValue, type ControlProps, type FormPath } from './model';
import { DragHandle, SortableArea, SortableItem } from './sortable';
import { UploadInput } from './upload';

/**
 * One declared field as an antd form item: its control by type, its rules from the declaration
 * (the server checks them again and names the field when it refuses).
 */

export type Mode = 'create' | 'update';

/** Fields that take the whole width of the form. */
export const WIDE: ReadonlySet<FieldDecl['type']> = new Set([
  'textarea',
  'richtext',
  'articles',
  'lines',
  'list',
  'json',
]);

function rules(f: FieldDecl, mode: Mode): Rule[] {
  const out: Rule[] = [];
  const need = f.required && !f.readOnly && !(mode === 'update' && f.type === 'password');
  if (need) {
    const verb = f.type === 'select' || f.type === 'image' || f.type === 'file' ? '请选择' : '请填写';
    const message = `${verb}${f.label}`;
    if (f.type === 'articles' || f.type === 'lines' || f.type === 'list')
      out.push({ required: true, type: 'array', min: 1, message });
    else if (f.type === 'number' || f.type === 'select' || f.type === 'datetime')
      out.push({ required: true, message });
    else out.push({ required: true, whitespace: true, message });
  }
  if (f.max !== undefined && (f.type === 'text' || f.type === 'textarea' || f.type === 'password'))
    out.push({ max: f.max, message: `${f.label}不能超过${f.max}个字符` });
  if (f.type === 'password' && mode === 'create' && f.required !== false && f.min !== undefined)
    out.push({ min: f.min, message: tooShortMsg(f.label, f.min) });
  if (f.type === 'json')
    out.push({
      validator: (_, v: string) => {
        if (!v) return Promise.resolve();
        try {
          const parsed: unknown = JSON.parse(v);
          if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return Promise.resolve();
        } catch {
          // reported below
        }
        return Promise.reject(new Error(`${f.label}必须是 JSON 对象`));
      },
    });
  return out;
}

/** The one-line text of a field that is shown, never written. */
function ReadOnlyValue({ value, field }: { value?: unknown; field: FieldDecl }) {
  const text = displayValue(field, value);
  return text ? (
    <Typography.Text>{text}</Typography.Text>
  ) : (
    <Typography.Text type="secondary">—</Typography.Text>
  );
}

/** Lines of text (job duties): one entry a line. */
function LinesInput({ id, value, onChange, max, disabled }: ControlProps<string[]>) {
  return (
    <Input.TextArea
      id={id}
      value={(value ?? []).join('\n')}
      onChange={(e) => onChange?.(e.target.value.split('\n'))}
      autoSize={{ minRows: 3, maxRows: 12 }}
      placeholder={`每行一条${max ? `，最多 ${max} 条` : ''}`}
      disabled={disabled}
    />
  );
}

function control(f: FieldDecl, mode: Mode, onError: (msg: string) => void): ReactNode {
  const locked = f.readOnly || (mode === 'update' && f.createOnly);
  if (f.readOnly) return <ReadOnlyValue field={f} />;
  switch (f.type) {
    case 'textarea':
      return (
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 8 }}
          maxLength={f.max}
          showCount={f.max !== undefined}
        />
      );
    case 'richtext':
      return <ContentEditor onError={onError} />;
    case 'image':
    case 'file':
      return <UploadInput kind={f.type} accept={f.accept} />;
    case 'number':
      return (
        <InputNumber min={f.min} max={f.max} precision={0} disabled={locked} style={{ width: '100%' }} />
      );
    case 'boolean':
      return <Switch checkedChildren="是" unCheckedChildren="否" />;
    case 'select':
      return (
        <Select
          disabled={locked}
          options={(f.options ?? []).map((o) => ({ value: o.value, label: o.label }))}
          showSearch={(f.options?.length ?? 0) > 8 ? { optionFilterProp: 'label' } : undefined}
          placeholder={`选择${f.label}`}
        />
      );
    case 'datetime':
      return (
        <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
      );
    case 'articles':
      return <ArticlePicker max={f.max} />;
    case 'lines':
      return <LinesInput max={f.max} />;
    case 'json':
      return (
        <Input.TextArea autoSize={{ minRows: 6, maxRows: 24 }} className="json-input" spellCheck={false} />
      );
    case 'password':
      return (
        <Input.Password
          autoComplete="new-password"
          maxLength={f.max}
          placeholder={mode === 'update' ? '留空则不修改' : undefined}
        />
      );
    default:
      return <Input maxLength={f.max} disabled={locked} showCount={f.max !== undefined && f.max <= 200} />;
  }
}

interface FieldProps {
  field: FieldDecl;
  /** The form path (inside sub-lists: the list's path, the entry's index, the field). */
  name: FormPath;
  mode: Mode;
  onError: (msg: string) => void;
}

/** A declared field as a form item at `name` (a path inside sub-lists). */
export function FieldItem({ field: f, name, mode, onError }: FieldProps) {
  if (f.type === 'list') return <SubList field={f} name={name} mode={mode} onError={onError} />;
  return (
    <Form.Item
      label={f.label}
      name={name}
      rules={rules(f, mode)}
      extra={f.help}
      valuePropName={f.type === 'boolean' ? 'checked' : 'value'}
    >
      {control(f, mode, onError)}
    </Form.Item>
  );
}

/** The declared fields in a grid (wide ones alone on their line). */
export function FieldGrid({
  fields,
  prefix,
  mode,
  onError,
  span = 12,
}: {
  fields: readonly FieldDecl[];
  prefix: FormPath;
  mode: Mode;
  onError: (msg: string) => void;
  span?: number;
}) {
  return (
    <Row gutter={16}>
      {fields
        .filter((f) => f.hidden)
        .map((f) => (
          // Kept with the entry (a form option's id), never shown or edited.
          <Form.Item key={f.name} name={[...prefix, f.name]} hidden noStyle>
            <InputNumber />
          </Form.Item>
        ))}
      {fields
        .filter((f) => !f.hidden)
        .map((f) => (
          <Col key={f.name} span={WIDE.has(f.type) ? 24 : f.type === 'boolean' ? Math.min(span, 6) : span}>
            <FieldItem field={f} name={[...prefix, f.name]} mode={mode} onError={onError} />
          </Col>
        ))}
    </Row>
  );
}

/** A start and end time as one range (either end may stay open). */
export function ScheduleItem({ start, end }: { start: FieldDecl; end: FieldDecl }) {
  const required = Boolean(start.required || end.required);
  return (
    <Form.Item
      label={`${start.label} — ${end.label}`}
      name={SCHEDULE}
      extra={required ? undefined : '开始留空：立即生效；结束留空：一直有效'}
      rules={[
        {
          validator: (_, v: [unknown, unknown] | null) =>
            !required || (v?.[0] && v?.[1])
              ? Promise.resolve()
              : Promise.reject(new Error(`请选择${start.label}和${end.label}`)),
        },
      ]}
    >
      <DatePicker.RangePicker
        showTime={{ format: 'HH:mm' }}
        format="YYYY-MM-DD HH:mm"
        allowEmpty={[!start.required, !end.required]}
        placeholder={[start.label, end.label]}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}

/** A sub-list of records (partner page items, QR codes): cards ordered by drag. */
function SubList({ field: f, name, mode, onError }: FieldProps) {
  const { message } = App.useApp();
  const sub = f.fields ?? [];
  const titleField = sub.find((s) => s.type === 'text');
  return (
    <Form.Item label={f.label} extra={f.help} required={f.required}>
      <Form.List
        name={name}
        rules={
          f.required
            ? [
                {
                  validator: (_, v: unknown[]) =>
                    v?.length ? Promise.resolve() : Promise.reject(new Error(`请添加${f.label}`)),
                },
              ]
            : undefined
        }
      >
        {(items, { add, remove, move }, { errors }) => (
          <>
            {items.length === 0 && (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`暂无${f.label}`} />
            )}
            <SortableArea ids={items.map((i) => i.key)} onMove={move}>
              {items.map((item, index) => (
                <SortableItem key={item.key} id={item.key}>
                  <Card
                    size="small"
                    className="sub-card"
                    title={
                      <Space>
                        <DragHandle />
                        <Typography.Text type="secondary">#{index + 1}</Typography.Text>
                        {titleField && (
                          <Form.Item noStyle shouldUpdate>
                            {({ getFieldValue }) => (
                              <Typography.Text>
                                {String(getFieldValue([...name, item.name, titleField.name]) ?? '')}
                              </Typography.Text>
                            )}
                          </Form.Item>
                        )}
                      </Space>
                    }
                    extra={
                      <Button
                        type="text"
                        danger
                        size="small"
                        icon={<DeleteOutlined />}
                        onClick={() => remove(item.name)}
                      >
                        删除
                      </Button>
                    }
                  >
                    <FieldGrid fields={sub} prefix={[item.name]} mode={mode} onError={onError} span={8} />
                  </Card>
                </SortableItem>
              ))}
            </SortableArea>
            <Button
              type="dashed"
              block
              icon={<PlusOutlined />}
              onClick={() => {
                if (f.max !== undefined && items.length >= f.max) {
                  message.warning(`${f.label}最多 ${f.max} 项`);
                  return;
                }
                add(defaultsOf(sub));
              }}
            >
              添加{f.label}
            </Button>
            <Form.ErrorList errors={errors} />
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}

/** A new entry of a sub-list: each field's declared default. */
export function defaultsOf(fields: readonly FieldDecl[]): Record<string, unknown> {
  const entry: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.default !== undefined) entry[f.name] = f.default;
    else if (f.type === 'list' || f.type === 'articles' || f.type === 'lines') entry[f.name] = [];
    else if (f.type === 'boolean') entry[f.name] = false;
  }
  return entry;
}
