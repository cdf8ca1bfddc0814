import { ArrowLeftOutlined, DeleteOutlined, EyeOutlined, SaveOutlined } from '@ant-design/icons';
import { App, Button, Card, Descriptions, Form, Popconfirm, Result, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, useLoaderData, useNavigate, useRevalidator } from 'react-router';
import {
  RESOURCES,
  canResource,
  isResourceKind,
  resourceDefaults,
  type ResourceDecl,
  type ResourceKind,
  type ResourceRecord,
} from '@portal/api-client/admin-resources';
import type { EditConflict } from '@portal/api-client/admin';
import NotFound from '../../routes/not-found';
import { EditConflictDialog, differencesOf } from '../shared/EditConflictDialog';
import { PresenceTag, usePresence } from '../shared/presence';
import { AdminApiError, adminApi } from '../../lib/api';
import { useEditor } from '../../lib/session';
import { FieldGrid, ScheduleItem, type Mode } from './fields';
import { FormBuilder } from './form-builder';
import { ComplaintActions } from './complaints';
import { MemberPhone, ResetColumnStatus } from './members';
import {
  displayValue,
  formPath,
  fullText,
  formToRecord,
  previewUrl,
  recordId,
  recordToForm,
  schedulePair,
} from './model';
import { ADMIN_TEXT } from '../../lib/texts';

export async function clientLoader({ params }: { params: { kind?: string; id?: string } }) {
  const kind = params.kind ?? '';
  if (!isResourceKind(kind)) return null;
  if (params.id === undefined) return { kind, id: null, record: resourceDefaults(kind) };
  try {
    return { kind, id: params.id, record: await adminApi.resources.get(kind, params.id) };
  } catch (err) {
    if (err instanceof AdminApiError && err.status === 404) return null;
    throw err;
  }
}

/** The create and edit page of any declared kind, its form generated from the declaration. */
export default function ResourceEdit() {
  const loaded = useLoaderData<typeof clientLoader>();
  if (!loaded) return <NotFound />;
  return <EditOf key={`${loaded.kind}/${loaded.id ?? 'new'}`} {...loaded} />;
}

function EditOf({ kind, id, record }: { kind: ResourceKind; id: string | null; record: ResourceRecord }) {
  const decl: ResourceDecl = RESOURCES[kind];
  const user = useEditor();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [form] = Form.useForm<ResourceRecord>();
  const [busy, setBusy] = useState(false);
  const [savedAt, setSavedAt] = useState(0);
  /** A save refused because someone saved first, with the newest version beside this copy. */
  const [clash, setClash] = useState<{
    conflict: EditConflict;
    mine: ResourceRecord;
    theirs: ResourceRecord;
  } | null>(null);
  const mode: Mode = id === null ? 'create' : 'update';
  const editing = usePresence(kind, id);

  if (!canResource(user.role, kind, 'read'))
    return (
      <Result status="403" title={ADMIN_TEXT.noPermission} subTitle={`您的角色不能管理「${decl.label}」。`} />
    );
  const writable =
    canResource(user.role, kind, 'write') &&
    (mode === 'create' ? decl.create !== false : decl.update !== false);
  const onError = (msg: string) => message.error(msg);

  const save = async (onTopOf?: number) => {
    setBusy(true);
    // All the values, also keys no item shows (option ids of a form): the server keeps them.
    const values = () => formToRecord(decl.fields, form.getFieldsValue(true) as ResourceRecord, mode);
    try {
      await form.validateFields();
      const body = values();
      if (id === null) {
        const created = await adminApi.resources.create(kind, body);
        message.success(`已新建${decl.label}`);
        const newId = recordId(decl, created) || recordId(decl, body);
        navigate(`/${kind}/${encodeURIComponent(newId)}`, { replace: true });
      } else {
        // From the version this page loaded, or knowingly on top of the newest one.
        await adminApi.resources.update(kind, id, body, onTopOf ?? Number(record.version ?? 1));
        setClash(null);
        message.success(onTopOf ? ADMIN_TEXT.savedOnTop : '已保存');
        setSavedAt(Date.now());
        await revalidator.revalidate();
      }
    } catch (err) {
      if (err instanceof AdminApiError && err.conflict && id !== null) {
        setClash({ conflict: err.conflict, mine: values(), theirs: await adminApi.resources.get(kind, id) });
      } else if (err instanceof AdminApiError) {
        if (err.field) {
          const name = formPath(decl.fields, err.field);
          form.setFields([{ name, errors: [err.message] }]);
          form.scrollToField(name, { block: 'center' });
        }
        message.error(err.message);
      } else if (err && typeof err === 'object' && 'errorFields' in err) {
        message.error('请检查表单中标红的项');
      } else {
        message.error('保存失败，请稍后再试');
      }
    } finally {
      setBusy(false);
    }
  };

  const takeNewest = () => {
    if (!clash) return;
    form.setFieldsValue(recordToForm(decl.fields, clash.theirs));
    setClash(null);
    message.info(ADMIN_TEXT.reloaded);
    void revalidator.revalidate();
  };
  const compared = decl.fields
    .filter((f) => !f.readOnly && !f.hidden && f.type !== 'password')
    .map((f) => ({ label: f.label, text: (r: ResourceRecord) => fullText(f, r[f.name]) }));

  const remove = async () => {
    if (id === null) return;
    setBusy(true);
    try {
      await adminApi.resources.remove(kind, id);
      message.success('已删除');
      navigate(`/${kind}`, { replace: true });
    } catch (err) {
      message.error(err instanceof AdminApiError ? err.message : ADMIN_TEXT.deleteFailed);
      setBusy(false);
    }
  };

  const preview = mode === 'update' ? previewUrl(decl, record) : null;
  const shown = decl.fields.filter((f) => f.readOnly);
  const pair = schedulePair(decl.fields);
  const editable = decl.fields.filter((f) => !f.readOnly && f !== pair?.start && f !== pair?.end);

  const profile =
    shown.length > 0 && mode === 'update' ? (
      <Descriptions bordered size="small" column={2} className="page-card">
        {shown.map((f) => (
          <Descriptions.Item key={f.name} label={f.label}>
            {kind === 'members' && f.name === 'mobile' && id !== null ? (
              <MemberPhone id={id} masked={String(record[f.name] ?? '')} />
            ) : (
              displayValue(f, record[f.name]) || '—'
            )}
          </Descriptions.Item>
        ))}
      </Descriptions>
    ) : null;

  let body: ReactNode;
  if (kind === 'forms') {
    body = <FormBuilder decl={decl} mode={mode} onError={onError} landing={preview} savedAt={savedAt} />;
  } else {
    // The start/end pair takes the place of its start field.
    const at = pair
      ? editable.findIndex((f) => decl.fields.indexOf(f) > decl.fields.indexOf(pair.start))
      : -1;
    const before = at < 0 ? editable : editable.slice(0, at);
    const after = at < 0 ? [] : editable.slice(at);
    body = (
      <>
        {profile}
        <FieldGrid fields={before} prefix={[]} mode={mode} onError={onError} />
        {pair && <ScheduleItem start={pair.start} end={pair.end} />}
        {after.length > 0 && <FieldGrid fields={after} prefix={[]} mode={mode} onError={onError} />}
      </>
    );
  }

  const title = mode === 'create' ? `新建${decl.label}` : `编辑${decl.label}`;
  const name = displayValue(
    decl.fields.find((f) => f.name === 'title' || f.name === 'name' || f.name === 'username'),
    record.title ?? record.name ?? record.username,
  );

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={recordToForm(decl.fields, record)}
      disabled={busy || !writable}
      onFinish={() => save()}
      scrollToFirstError
    >
      <Card
        className="page-card"
        title={
          <Space>
            <Link to={`/${kind}`} aria-label="返回列表">
              <ArrowLeftOutlined />
            </Link>
            {title}
            {name && mode === 'update' && <span className="title-sub">{name}</span>}
            <PresenceTag names={editing} />
          </Space>
        }
        extra={
          <Space wrap>
            {preview && (
              <a href={preview} target="_blank" rel="noreferrer">
                <EyeOutlined /> 预览前台
              </a>
            )}
            {kind === 'complaints' && mode === 'update' && <ComplaintActions record={record} />}
            {kind === 'members' && mode === 'update' && writable && (
              <ResetColumnStatus form={form} onSave={() => void save()} />
            )}
            {mode === 'update' && writable && decl.remove !== false && (
              <Popconfirm title={`删除后不可恢复，确定删除这条${decl.label}？`} onConfirm={remove}>
                <Button danger icon={<DeleteOutlined />}>
                  删除
                </Button>
              </Popconfirm>
            )}
            {writable && (
              <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={busy}>
                保存
              </Button>
            )}
          </Space>
        }
      >
        {body}
      </Card>
      <EditConflictDialog
        conflict={clash?.conflict ?? null}
        differences={clash ? differencesOf(compared, clash.mine, clash.theirs) : []}
        busy={busy}
        onReload={takeNewest}
        onOverwrite={() => clash && void save(clash.conflict.version)}
        onClose={() => setClash(null)}
      />
    </Form>
  );
}
