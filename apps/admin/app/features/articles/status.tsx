import { Tag } from 'antd';
import { PUBLICATION_STATUS_LABEL, type PublicationStatus } from '@portal/api-client/admin';

const COLOR: Record<PublicationStatus, string> = {
  draft: 'default',
  scheduled: 'orange',
  published: 'green',
  unpublished: 'red',
};

export function StatusTag({ status }: { status: PublicationStatus }) {
  return <Tag color={COLOR[status]}>{PUBLICATION_STATUS_LABEL[status]}</Tag>;
}
