import { AUDIT_ACTIONS } from '../admin';
import { ADMIN_ONLY, area, dateFilter, text, type ResourceDecl } from './fields';

export const auditLog = {
  kind: 'audit-log',
  label: '操作日志',
  idField: 'id',
  fields: [
    text('editor', '操作人'),
    { name: 'action', label: '操作', type: 'select', options: AUDIT_ACTIONS },
    text('entity', '对象类型'),
    text('entityId', '对象编号'),
    area('detail', '详情', 1000),
    text('ip', '来源地址', 100),
    { name: 'createdAt', label: '时间', type: 'datetime' },
  ],
  columns: ['createdAt', 'editor', 'action', 'entity', 'entityId', 'detail', 'ip'],
  filters: [
    { name: 'editor', label: '操作人', type: 'search' },
    { name: 'action', label: '操作', type: 'search' },
    dateFilter,
  ],
  ordered: false,
  scheduled: false,
  read: ADMIN_ONLY,
  write: [],
  create: false,
  update: false,
  remove: false,
} as const satisfies ResourceDecl;
