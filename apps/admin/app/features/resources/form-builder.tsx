import {
  DeleteOutlined,
  DownOutlined,
  ExportOutlined,
  PlusOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import {
  Button,
  Card,
  Col,
  Dropdown,
  Empty,
  Form,
  Input,
  Row,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import type { FormFieldType } from '@portal/api-client';
import { FORM_FIELD_TYPES, type FieldDecl, type ResourceDecl } from '@portal/api-client/admin-resources';
import { FieldGrid, type Mode } from './fields';
import { DragHandle, SortableArea, SortableItem } from './sortable';
import { ADMIN_MSG } from '@portal/api-client/admin';
import { TEXT } from '@portal/api-client/messages';

/**
 * The activity form builder (kind `forms`): the form's settings, its fields of the seven types
 * with required and shown flags and their options (free text `is_input`, `is_mark`), all ordered
 * by drag; beside it the real landing page of the saved form.
 */

const WITH_OPTIONS: ReadonlySet<FormFieldType> = new Set(['select', 'radio', 'checkbox', 'multi']);
const TYPE_LABEL = new Map(FORM_FIELD_TYPES.map((t) => [t.value, t.label]));
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

const sub = (fields: readonly FieldDecl[] | undefined, name: string) => fields?.find((f) => f.name === name);

export function FormBuilder({
  decl,
  mode,
  onError,
  landing,
  savedAt,
}: {
  decl: ResourceDecl;
  mode: Mode;
  onError: (msg: string) => void;
  /** The saved form's landing page (none before the first save). */
  landing: string | null;
  savedAt: number;
}) {
  const formField = sub(decl.fields, 'form');
  const fieldDecls = formField?.fields;
  const optionsField = sub(fieldDecls, 'options');
  const privacy = decl.fields.filter((f) => f.name.startsWith('privacy_'));
  const settings = decl.fields.filter((f) => f.name !== 'form' && !privacy.includes(f));
  const [reload, setReload] = useState(0);
  const form = Form.useFormInstance();

  return (
    <Row gutter={20} align="top">
      <Col xs={24} xl={14}>
        <Card size="small" title="基本设置" className="page-card">
          <FieldGrid fields={settings} prefix={[]} mode={mode} onError={onError} />
        </Card>
        <Card size="small" title={`表单字段${formField?.max ? `（最多 ${formField.max} 个）` : ''}`}>
          <Form.List name="form">
            {(items, { add, remove, move }, { errors }) => (
              <>
                {items.length === 0 && (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有字段，从下方添加" />
                )}
                <SortableArea ids={items.map((i) => i.key)} onMove={move}>
                  {items.map((item, index) => (
                    <SortableItem key={item.key} id={item.key}>
                      <FieldCard
                        index={index}
                        name={item.name}
                        fieldDecls={fieldDecls}
                        optionDecls={optionsField?.fields}
                        optionMax={optionsField?.max}
                        onRemove={() => remove(item.name)}
                      />
                    </SortableItem>
                  ))}
                </SortableArea>
                <Dropdown
                  trigger={['click']}
                  disabled={formField?.max !== undefined && items.length >= formField.max}
                  menu={{
                    items: FORM_FIELD_TYPES.map((t) => ({ key: t.value, label: t.label })),
                    onClick: ({ key }) => {
                      const type = key as FormFieldType;
                      const taken = new Set(
                        ((form.getFieldValue('form') as { field_name?: string }[] | undefined) ?? []).map(
                          (f) => f.field_name,
                        ),
                      );
                      let n = items.length + 1;
                      while (taken.has(`field_${n}`)) n++;
                      add({
                        field_name: type === 'province' || type === 'city' ? type : `field_${n}`,
                        label: type === 'province' ? '省份' : type === 'city' ? '城市' : '',
                        type,
                        is_require: false,
                        is_show: true,
                        options: WITH_OPTIONS.has(type)
                          ? [{ title: '选项 1', is_input: false, is_mark: false }]
                          : [],
                      });
                    },
                  }}
                >
                  <Button type="dashed" block icon={<PlusOutlined />} style={{ marginTop: 8 }}>
                    添加字段 <DownOutlined />
                  </Button>
                </Dropdown>
                <Form.ErrorList errors={errors} />
              </>
            )}
          </Form.List>
        </Card>
        {privacy.length > 0 && (
          <Card size="small" title={TEXT.privacyTerms} className="page-card" style={{ marginTop: 16 }}>
            <FieldGrid fields={privacy} prefix={[]} mode={mode} onError={onError} span={24} />
          </Card>
        )}
      </Col>
      <Col xs={24} xl={10}>
        <Card
          size="small"
          title="报名页预览"
          className="form-preview"
          extra={
            landing && (
              <Space>
                <Button size="small" icon={<ReloadOutlined />} onClick={() => setReload((n) => n + 1)}>
                  刷新
                </Button>
                <a href={landing} target="_blank" rel="noreferrer">
                  <ExportOutlined /> 新窗口打开
                </a>
              </Space>
            )
          }
        >
          {landing ? (
            <>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                预览的是线上报名页（已保存的内容），保存后自动刷新。
              </Typography.Paragraph>
              <iframe
                key={`${savedAt}-${reload}`}
                title="报名页预览"
                src={landing}
                className="form-preview__frame"
              />
            </>
          ) : (
            <Empty description="保存后可在此预览报名页" />
          )}
        </Card>
      </Col>
    </Row>
  );
}

function FieldCard({
  index,
  name,
  fieldDecls,
  optionDecls,
  optionMax,
  onRemove,
}: {
  index: number;
  name: number;
  fieldDecls: readonly FieldDecl[] | undefined;
  optionDecls: readonly FieldDecl[] | undefined;
  optionMax: number | undefined;
  onRemove: () => void;
}) {
  const form = Form.useFormInstance();
  const type = Form.useWatch(['form', name, 'type'], form) as FormFieldType | undefined;
  const label = Form.useWatch(['form', name, 'label'], form) as string | undefined;
  const nameDecl = sub(fieldDecls, 'field_name');
  const labelDecl = sub(fieldDecls, 'label');
  return (
    <Card
      size="small"
      className="sub-card builder-field"
      title={
        <Space>
          <DragHandle label="拖动调整字段顺序" />
          <Typography.Text type="secondary">#{index + 1}</Typography.Text>
          {type && <Tag color="blue">{TYPE_LABEL.get(type) ?? type}</Tag>}
          <Typography.Text>{label || '（未命名字段）'}</Typography.Text>
        </Space>
      }
      extra={
        <Space size="middle">
          <Space size={4}>
            <Form.Item name={[name, 'is_require']} valuePropName="checked" noStyle>
              <Switch size="small" aria-label="必填" />
            </Form.Item>
            必填
          </Space>
          <Space size={4}>
            <Form.Item name={[name, 'is_show']} valuePropName="checked" noStyle>
              <Switch size="small" aria-label="显示" />
            </Form.Item>
            显示
          </Space>
          <Button
            type="text"
            danger
            size="small"
            icon={<DeleteOutlined />}
            onClick={onRemove}
            aria-label="删除字段"
          />
        </Space>
      }
    >
      <Row gutter={12}>
        <Col span={8}>
          <Form.Item
            label={labelDecl?.label}
            name={[name, 'label']}
            rules={[
              { required: true, whitespace: true, message: `请填写${labelDecl?.label ?? ''}` },
              { max: labelDecl?.max ?? 50, message: `不能超过${labelDecl?.max ?? 50}个字符` },
            ]}
          >
            <Input maxLength={labelDecl?.max} placeholder="如：姓名" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            label={nameDecl?.label ?? '字段名'}
            name={[name, 'field_name']}
            tooltip={nameDecl?.help}
            rules={[
              { required: true, message: `请填写${nameDecl?.label ?? '字段名'}` },
              { max: nameDecl?.max ?? 40, message: `不能超过${nameDecl?.max ?? 40}个字符` },
              { pattern: FIELD_NAME, message: '以字母开头，只含字母、数字和下划线' },
              {
                validator: (_, v: string) => {
                  const all = (form.getFieldValue('form') as { field_name?: string }[] | undefined) ?? [];
                  return v && all.filter((f) => f.field_name === v).length > 1
                    ? Promise.reject(new Error(ADMIN_MSG.fieldNameTaken))
                    : Promise.resolve();
                },
              },
            ]}
          >
            <Input maxLength={nameDecl?.max} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item label="类型" name={[name, 'type']} rules={[{ required: true, message: '请选择类型' }]}>
            <Select options={FORM_FIELD_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
          </Form.Item>
        </Col>
      </Row>
      {type && WITH_OPTIONS.has(type) && (
        <OptionsEditor name={name} optionDecls={optionDecls} max={optionMax} />
      )}
      {type === 'city' && (
        <Typography.Text type="secondary">
          城市随所选省份变化，请同时添加“省份”字段并放在它前面。
        </Typography.Text>
      )}
    </Card>
  );
}

function OptionsEditor({
  name,
  optionDecls,
  max,
}: {
  name: number;
  optionDecls: readonly FieldDecl[] | undefined;
  max: number | undefined;
}) {
  const titleDecl = sub(optionDecls, 'title');
  const inputDecl = sub(optionDecls, 'is_input');
  return (
    <Form.List
      name={[name, 'options']}
      rules={[
        {
          validator: (_, v: unknown[]) =>
            v?.length ? Promise.resolve() : Promise.reject(new Error('请至少添加一个选项')),
        },
      ]}
    >
      {(options, { add, remove, move }, { errors }) => (
        <div className="builder-options">
          <Typography.Text type="secondary">选项（拖动排序）</Typography.Text>
          <SortableArea ids={options.map((o) => o.key)} onMove={move}>
            {options.map((o) => (
              <SortableItem key={o.key} id={o.key}>
                <div className="builder-option">
                  <DragHandle label="拖动调整选项顺序" />
                  <Form.Item
                    name={[o.name, 'title']}
                    style={{ flex: 1, marginBottom: 0 }}
                    rules={[{ required: true, whitespace: true, message: '请填写选项' }]}
                  >
                    <Input placeholder="选项文字" maxLength={titleDecl?.max} aria-label="选项文字" />
                  </Form.Item>
                  <Space size={4}>
                    <Form.Item name={[o.name, 'is_input']} valuePropName="checked" noStyle>
                      <Switch size="small" aria-label={inputDecl?.label} />
                    </Form.Item>
                    <span title="选中时显示补充输入框（如“其他”）">{inputDecl?.label}</span>
                  </Space>
                  <Space size={4}>
                    <Form.Item name={[o.name, 'is_mark']} valuePropName="checked" noStyle>
                      <Switch size="small" aria-label="标记" />
                    </Form.Item>
                    <span title="在报名页中突出显示此选项">标记</span>
                  </Space>
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => remove(o.name)}
                    aria-label="删除选项"
                  />
                </div>
              </SortableItem>
            ))}
          </SortableArea>
          <Button
            type="link"
            size="small"
            icon={<PlusOutlined />}
            disabled={max !== undefined && options.length >= max}
            onClick={() => add({ title: `选项 ${options.length + 1}`, is_input: false, is_mark: false })}
          >
            添加选项
          </Button>
          <Form.ErrorList errors={errors} />
        </div>
      )}
    </Form.List>
  );
}
