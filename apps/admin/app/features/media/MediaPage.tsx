import {
  CopyOutlined,
  DeleteOutlined,
  FilePdfOutlined,
  InboxOutlined,
  PlaySquareOutlined,
} from '@ant-design/icons';
import {
  App,
  Button,
  Card,
  Image,
  Popconfirm,
  Radio,
  Space,
  Table,
  Tag,
  Typography,
  Upload,
  type UploadFile,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import {
  ADMIN_PAGE_SIZE,
  MEDIA_KIND_LABEL,
  MEDIA_KINDS,
  can,
  type MediaItem,
  type MediaKind,
} from '@portal/api-client/admin';
import { EDITOR_UPLOAD_MAX_BYTES } from '@portal/api-client/constants';
import { AdminApiError } from '../../lib/api';
import { useSearchFilters } from '../../lib/search-filters';
import { useEditor } from '../../lib/session';
import { formatBytes, mediaApi, openUrl, thumbUrl } from './api';
import './media.css';
import { ADMIN_TEXT } from '../../lib/texts';

const KIND_COLOR: Record<MediaKind, string> = { image: 'green', video: 'purple', pdf: 'red' };
const ACCEPT = '.png,.jpg,.jpeg,.gif,.webp,.mp4,.webm,.pdf';

export async function clientLoader({ request }: { request: Request }) {
  const params = new URL(request.url).searchParams;
  const kind = params.get('kind');
  return mediaApi.list({
    kind: MEDIA_KINDS.includes(kind as MediaKind) ? (kind as MediaKind) : '',
    page: params.get('page') ?? undefined,
    pageSize: params.get('pageSize') ?? undefined,
  });
}

function Preview({ item }: { item: MediaItem }) {
  if (item.kind === 'image')
    return (
      <Image
        src={thumbUrl(item)}
        preview={{ src: item.url }}
        width={96}
        height={64}
        alt={item.originalName}
        style={{ objectFit: 'cover', borderRadius: 4 }}
      />
    );
  const Icon = item.kind === 'video' ? PlaySquareOutlined : FilePdfOutlined;
  return (
    <a href={openUrl(item)} target="_blank" rel="noreferrer" className="media-icon" aria-label="打开文件">
      <Icon />
    </a>
  );
}

/** 媒体库: every image, video and PDF uploaded in the back office, with upload, filter and delete. */
export default function MediaPage() {
  const { items, total } = useLoaderData<typeof clientLoader>();
  const { params, apply } = useSearchFilters();
  const { revalidate } = useRevalidator();
  const { message } = App.useApp();
  const user = useEditor();
  const kind = params.get('kind') ?? '';
  const editable = can(user.role, 'media');
  // Files still going up or refused; finished ones leave the list (they are in the table).
  const [uploading, setUploading] = useState<UploadFile[]>([]);

  const remove = async (item: MediaItem) => {
    try {
      await mediaApi.remove(item.id);
      message.success('已删除');
      await revalidate();
    } catch (err) {
      message.error(err instanceof AdminApiError ? err.message : '删除失败，请稍后再试');
    }
  };
  const copy = async (item: MediaItem) => {
    try {
      await navigator.clipboard.writeText(item.url);
      message.success('地址已复制');
    } catch {
      message.info(item.url);
    }
  };

  return (
    <>
      {editable ? (
        <Card className="page-card">
          <Upload.Dragger
            name="file"
            multiple
            accept={ACCEPT}
            fileList={uploading}
            onChange={({ fileList }) => setUploading(fileList.filter((f) => f.status !== 'done'))}
            showUploadList={{ showRemoveIcon: true }}
            beforeUpload={(file) => {
              if (file.size > EDITOR_UPLOAD_MAX_BYTES) {
                message.error(`${file.name}：文件大小不能超过 ${formatBytes(EDITOR_UPLOAD_MAX_BYTES)}`);
                return Upload.LIST_IGNORE;
              }
              return true;
            }}
            customRequest={({ file, onProgress, onSuccess, onError }) => {
              mediaApi
                .upload(file as File, (percent) => onProgress?.({ percent }))
                .then((item) => {
                  onSuccess?.(item);
                  void revalidate();
                })
                .catch((err: unknown) => {
                  const text = err instanceof AdminApiError ? err.message : '上传失败，请稍后再试';
                  message.error(`${(file as File).name}：${text}`);
                  onError?.(err instanceof Error ? err : new Error(text));
                });
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">点击或拖拽文件到此处上传</p>
            <p className="ant-upload-hint">
              支持 PNG、JPG、GIF、WEBP 图片，MP4、WEBM 视频和 PDF，单个文件不超过{' '}
              {formatBytes(EDITOR_UPLOAD_MAX_BYTES)}。图片会去除拍摄信息并自动生成 WebP 和多种宽度。
            </p>
          </Upload.Dragger>
        </Card>
      ) : null}
      <Card
        title="媒体库"
        extra={
          <Radio.Group
            value={kind}
            optionType="button"
            buttonStyle="solid"
            onChange={(e) => apply({ kind: (e.target.value as string) || undefined, page: undefined })}
            options={[
              { label: '全部', value: '' },
              ...MEDIA_KINDS.map((k) => ({ label: MEDIA_KIND_LABEL[k], value: k })),
            ]}
          />
        }
      >
        <Table<MediaItem>
          rowKey="id"
          dataSource={items}
          columns={[
            { title: '预览', width: 120, render: (_, item) => <Preview item={item} /> },
            {
              title: '文件',
              render: (_, item) => (
                <Space direction="vertical" size={2}>
                  <Typography.Text strong ellipsis style={{ maxWidth: 360 }}>
                    {item.originalName || ADMIN_TEXT.untitled}
                  </Typography.Text>
                  <Typography.Text type="secondary" copyable={{ text: item.url }} style={{ fontSize: 12 }}>
                    {item.public ? item.url : '仅会员可下载（不公开）'}
                  </Typography.Text>
                </Space>
              ),
            },
            {
              title: '类型',
              dataIndex: 'kind',
              width: 90,
              render: (k: MediaKind) => <Tag color={KIND_COLOR[k]}>{MEDIA_KIND_LABEL[k]}</Tag>,
            },
            {
              title: '尺寸',
              width: 120,
              render: (_, item) => (item.width && item.height ? `${item.width} × ${item.height}` : '—'),
            },
            { title: '大小', dataIndex: 'bytes', width: 100, render: (b: number) => formatBytes(b) },
            {
              title: '上传者',
              dataIndex: 'uploadedBy',
              width: 130,
              render: (u: string) => {
                const [who, name] = u.split(':');
                return who === 'member' ? `会员 ${name}` : name;
              },
            },
            {
              title: '上传时间',
              dataIndex: 'createdAt',
              width: 150,
              render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
            },
            {
              title: '操作',
              width: 150,
              render: (_, item) => (
                <Space size={0}>
                  <Button type="link" size="small" icon={<CopyOutlined />} onClick={() => copy(item)}>
                    复制
                  </Button>
                  {editable ? (
                    <Popconfirm
                      title="删除这个文件？"
                      description="使用它的文章和页面将无法再显示，删除后不能恢复。"
                      okText="删除"
                      okButtonProps={{ danger: true }}
                      cancelText="取消"
                      onConfirm={() => remove(item)}
                    >
                      <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                        删除
                      </Button>
                    </Popconfirm>
                  ) : null}
                </Space>
              ),
            },
          ]}
          pagination={{
            current: Number(params.get('page') ?? 1),
            pageSize: Number(params.get('pageSize') ?? ADMIN_PAGE_SIZE.default),
            total,
            showTotal: (n) => `共 ${n} 个文件`,
            onChange: (p, size) => apply({ page: String(p), pageSize: String(size) }),
          }}
        />
      </Card>
    </>
  );
}
