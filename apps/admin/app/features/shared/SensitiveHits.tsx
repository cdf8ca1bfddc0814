import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Modal, Select, Space, Tag, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import {
  SENSITIVE_LEVELS,
  SENSITIVE_LEVEL_LABEL,
  SENSITIVE_LIMITS,
  type SensitiveHitView,
  type SensitiveImportReport,
  type SensitiveLevel,
} from '@portal/api-client/admin-resources';
import { AdminApiError, adminApi, sensitiveExportUrl } from '../../lib/api';

const LEVEL_COLOR: Record<SensitiveLevel, string> = { block: 'red', review: 'orange', mask: 'blue' };
const FIELD_LABEL: Record<string, string> = {
  title: '标题',
  description: '摘要',
  keyword: '关键词',
  content: '正文',
};

/** Sensitive-word hits with the word highlighted in its context (the review queue, the editor). */
export function HitList({ hits }: { hits: readonly SensitiveHitView[] }) {
  return (
    <ul className="sensitive-hits">
      {hits.map((h, i) => (
        <li key={i}>
          <Tag color={LEVEL_COLOR[h.level]}>{SENSITIVE_LEVEL_LABEL[h.level]}</Tag>
          <Typography.Text type="secondary">{FIELD_LABEL[h.field] ?? h.field}：</Typography.Text>
          <span>
            …{h.before}
            <mark>{h.matched}</mark>
            {h.after}…
          </span>
          {h.matched !== h.word && <Typography.Text type="secondary">（词典：{h.word}）</Typography.Text>}
        </li>
      ))}
    </ul>
  );
}

/** A tag with the number of hits (a list's column). */
export function HitCount({ hits }: { hits?: readonly SensitiveHitView[] }) {
  if (!hits || hits.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  const worst = hits.some((h) => h.level === 'block')
    ? 'block'
    : hits.some((h) => h.level === 'review')
      ? 'review'
      : 'mask';
  return <Tag color={LEVEL_COLOR[worst]}>敏感词 {hits.length}</Tag>;
}

/**
 * The article editor's warnings: the article's hits, checked a moment after each change. Editors'
 * own articles are never refused; they see what a member's article would be held or refused for.
 */
export function SensitiveWarnings({
  title,
  description,
  content,
}: {
  title?: string;
  description?: string;
  content?: string;
}) {
  const [hits, setHits] = useState<SensitiveHitView[]>([]);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      adminApi
        .checkSensitive({ title: title ?? '', description: description ?? '', content: content ?? '' })
        .then((r) => live && setHits(r.hits))
        .catch(() => undefined);
    }, 600);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [title, description, content]);
  if (hits.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={`本文含有 ${hits.length} 处敏感词，发布前请确认`}
      description={<HitList hits={hits} />}
    />
  );
}

/** Import (one word per line) and export of the dictionary, with the import's report. */
export function SensitiveImportExport({ onImported }: { onImported: () => void }) {
  const { message } = App.useApp();
  const [level, setLevel] = useState<SensitiveLevel>('block');
  const [report, setReport] = useState<SensitiveImportReport | null>(null);
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    if (file.size > SENSITIVE_LIMITS.importBytes) {
      message.error(`文件不能超过 ${SENSITIVE_LIMITS.importBytes / 1024 / 1024}MB`);
      return;
    }
    setBusy(true);
    try {
      setReport(await adminApi.importSensitive(await file.text(), level));
      onImported();
    } catch (err) {
      message.error(err instanceof AdminApiError ? err.message : '导入失败');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space>
      <Select
        aria-label="导入的默认处理方式"
        value={level}
        onChange={setLevel}
        style={{ width: 120 }}
        options={SENSITIVE_LEVELS.map((l) => ({ value: l, label: `默认${SENSITIVE_LEVEL_LABEL[l]}` }))}
      />
      <Upload
        accept=".txt,text/plain"
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          导入（每行一个）
        </Button>
      </Upload>
      <Button icon={<DownloadOutlined />} href={sensitiveExportUrl()}>
        导出
      </Button>
      <Modal
        title="导入结果"
        open={report !== null}
        onOk={() => setReport(null)}
        onCancel={() => setReport(null)}
      >
        {report && (
          <>
            <Typography.Paragraph>
              新增 {report.added} 个，已存在保留 {report.kept} 个，拒绝 {report.refused} 行。
            </Typography.Paragraph>
            {report.errors.length > 0 && (
              <ul>
                {report.errors.map((e) => (
                  <li key={e.line}>
                    第 {e.line} 行「{e.word.slice(0, 20)}」：{e.message}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </Modal>
    </Space>
  );
}
