import { ADMIN_ONLY, area, CONTENT_ROLES, orderField, type ResourceDecl, searchFilter, text } from './fields';

export const settings = {
  kind: 'settings',
  label: '站点设置',
  idField: 'key',
  textId: true,
  fields: [
    {
      name: 'key',
      label: '设置项',
      type: 'text',
      required: true,
      max: 60,
      createOnly: true,
      help: 'seo:<页面>（如 seo:index）、footer:<名称>（页脚与关于我们）、link:<名称>（友情链接）',
    },
    text('title', '标题 / 名称', 200),
    area('description', '描述 / 内容', 2000),
    text('keyword', '关键词 / 链接', 500),
    orderField,
  ],
  columns: ['key', 'title', 'description', 'keyword'],
  filters: [
    {
      name: 'group',
      label: '分组',
      type: 'select',
      options: [
        { value: 'seo', label: '页面 SEO（get_seo）' },
        { value: 'footer', label: '页脚信息（company_letter）' },
        { value: 'link', label: '友情链接（website_url）' },
      ],
    },
    searchFilter,
  ],
  searchFields: ['key', 'title'],
  ordered: false,
  scheduled: false,
  read: CONTENT_ROLES,
  write: ADMIN_ONLY,
} as const satisfies ResourceDecl;
