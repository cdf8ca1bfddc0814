import { FileOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Image, Input, Space, Upload } from 'antd';
import { useState } from 'react';
import { AdminApiError, adminApi } from '../../lib/api';
import type { ControlProps } from './model';
import { MSG } from '@portal/api-client/messages';
import { ADMIN_TEXT } from '../../lib/texts';

/**
 * An uploaded image's or file's URL: pasted, or uploaded through the back office's upload call
 * (the server checks the real type and re-encodes images); images show a thumbnail.
 */
export function UploadInput({
  id,
  value,
  onChange,
  kind,
  accept,
  disabled,
}: ControlProps<string> & { kind: 'image' | 'file'; accept?: string }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    setBusy(true);
    try {
      const { url } = await adminApi.upload(file);
      onChange?.(url);
      message.success(MSG.uploaded);
    } catch (err) {
      message.error(err instanceof AdminApiError ? err.message : ADMIN_TEXT.uploadFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={8}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          value={value ?? ''}
          onChange={(e) => onChange?.(e.target.value)}
          placeholder={kind === 'image' ? '上传图片或填写图片地址' : '上传文件或填写文件地址'}
          disabled={disabled}
          allowClear
        />
        <Upload
          accept={accept ?? (kind === 'image' ? 'image/png,image/jpeg,image/webp,image/gif' : undefined)}
          showUploadList={false}
          disabled={disabled || busy}
          beforeUpload={(file) => {
            void upload(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy} disabled={disabled}>
            上传
          </Button>
        </Upload>
      </Space.Compact>
      {value ? (
        kind === 'image' ? (
          <Image src={value} alt="" height={72} style={{ objectFit: 'contain', background: '#f5f5f5' }} />
        ) : (
          <a href={value} target="_blank" rel="noreferrer">
            <FileOutlined /> {value.split('/').pop()}
          </a>
        )
      ) : null}
    </Space>
  );
}
