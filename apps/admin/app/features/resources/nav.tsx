import {
  BarChartOutlined,
  CalendarOutlined,
  FileTextOutlined,
  SafetyOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { can, type EditorRole, type Permission } from '@portal/api-client/admin';
import { RESOURCES, canResource, type ResourceKind } from '@portal/api-client/admin-resources';
import { PAGE_TITLE } from '../../lib/texts';

/** A page of the back office: a section of part 1 (a permission) or a declared resource kind. */
type NavEntry = { path: string; label?: string } & (
  { permission: Permission; kind?: never } | { kind: ResourceKind; permission?: never }
);

interface NavGroup {
  key: string;
  label: string;
  icon: ReactNode;
  entries: NavEntry[];
}

const kind = (k: ResourceKind): NavEntry => ({ path: `/${k}`, kind: k });

/** The menu, grouped as the newsroom works. */
const NAV_GROUPS: NavGroup[] = [
  {
    key: 'stats',
    label: '数据',
    icon: <BarChartOutlined />,
    // The home page: the back office opens on it (routes/home.tsx).
    entries: [{ path: '/', label: '数据概览', permission: 'stats' }],
  },
  {
    key: 'content',
    label: '内容运营',
    icon: <FileTextOutlined />,
    entries: [
      { path: '/articles', label: PAGE_TITLE.articles, permission: 'articles' },
      { path: '/review', label: PAGE_TITLE.review, permission: 'review' },
      { path: '/media', label: '媒体库', permission: 'media' },
      kind('banners'),
      kind('ads'),
      kind('blocks'),
      kind('videos'),
      kind('white-papers'),
      kind('reports'),
      kind('experts'),
    ],
  },
  {
    key: 'campaigns',
    label: '专题与活动',
    icon: <CalendarOutlined />,
    entries: [
      kind('topics'),
      kind('events'),
      kind('forms'),
      kind('meets'),
      kind('partners'),
      { path: '/leads', label: PAGE_TITLE.leads, permission: 'leads' },
    ],
  },
  {
    key: 'site',
    label: RESOURCES.settings.label,
    icon: <SettingOutlined />,
    entries: [kind('categories'), kind('menus'), kind('settings'), kind('jobs')],
  },
  {
    // Issue 26: readers' complaints (admins, reviewers), the sensitive-word dictionary (admins) and
    // what it found (admins, reviewers).
    key: 'moderation',
    label: '内容安全',
    icon: <SafetyOutlined />,
    entries: [kind('complaints'), kind('sensitive-words'), kind('sensitive-hits')],
  },
  {
    key: 'people',
    label: '用户与权限',
    icon: <TeamOutlined />,
    entries: [kind('members'), kind('editors'), kind('audit-log')],
  },
];

const reaches = (role: EditorRole, e: NavEntry) =>
  e.kind ? canResource(role, e.kind, 'read') : can(role, e.permission);
const labelOf = (e: NavEntry) => e.label ?? (e.kind ? RESOURCES[e.kind].label : e.path);

/** The menu items the role may use (the server checks every call anyway). */
export function navItems(role: EditorRole) {
  return NAV_GROUPS.map((g) => ({
    key: g.key,
    label: g.label,
    icon: g.icon,
    children: g.entries.filter((e) => reaches(role, e)).map((e) => ({ key: e.path, label: labelOf(e) })),
  })).filter((g) => g.children.length > 0);
}

/** The menu entry a path belongs to, and its group (to keep the group open). */
export function navSelection(pathname: string): { key?: string; group?: string } {
  for (const g of NAV_GROUPS) {
    const e = g.entries.find((n) => pathname === n.path || pathname.startsWith(`${n.path}/`));
    if (e) return { key: e.path, group: g.key };
  }
  return {};
}

/** The first page the role reaches (the back office opens there). */
export function firstPage(role: EditorRole): string | null {
  for (const g of NAV_GROUPS) {
    const e = g.entries.find((n) => reaches(role, n));
    if (e) return e.path;
  }
  return null;
}
