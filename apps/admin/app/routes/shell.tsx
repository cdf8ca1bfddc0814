import {
  AuditOutlined,
  FileTextOutlined,
  LogoutOutlined,
  PictureOutlined,
  SolutionOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Dropdown, Layout, Menu, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Outlet, redirect, useLocation, useNavigate } from 'react-router';
import { ROLE_LABEL, can, type Permission } from '@portal/api-client/admin';
import { AdminApiError, adminApi } from '../lib/api';
import { useEditor } from '../lib/session';

/** Every page below needs a live editor session; without one, the login page (then back here). */
export async function clientLoader({ request }: { request: Request }) {
  try {
    return await adminApi.session();
  } catch (err) {
    if (err instanceof AdminApiError && err.status === 401) {
      const url = new URL(request.url);
      throw redirect(`/login?next=${encodeURIComponent(url.pathname + url.search)}`);
    }
    throw err;
  }
}

const NAV: { key: string; label: string; icon: ReactNode; permission: Permission }[] = [
  { key: '/articles', label: '文章管理', icon: <FileTextOutlined />, permission: 'articles' },
  { key: '/review', label: '专栏审核', icon: <SolutionOutlined />, permission: 'review' },
  { key: '/leads', label: '销售线索', icon: <TeamOutlined />, permission: 'leads' },
  { key: '/media', label: '媒体库', icon: <PictureOutlined />, permission: 'media' },
  { key: '/audit', label: '操作日志', icon: <AuditOutlined />, permission: 'audit' },
];

export default function Shell() {
  const user = useEditor();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = NAV.filter((n) => can(user.role, n.permission)).map(({ key, label, icon }) => ({
    key,
    label,
    icon,
  }));
  const selected = NAV.find((n) => pathname === n.key || pathname.startsWith(`${n.key}/`))?.key;

  const logout = async () => {
    await adminApi.logout().catch(() => undefined);
    navigate('/login');
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={208} breakpoint="lg" collapsedWidth={64}>
        <div className="shell-logo">IT 资讯 · 编辑后台</div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={selected ? [selected] : []}
          items={items}
          onClick={({ key }) => navigate(key)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="shell-header">
          <Typography.Text type="secondary">中小企业 IT 资讯门户</Typography.Text>
          <Dropdown
            menu={{
              items: [{ key: 'logout', icon: <LogoutOutlined />, label: '退出登录', onClick: logout }],
            }}
            placement="bottomRight"
          >
            <Space style={{ cursor: 'pointer' }} aria-label="当前账号">
              <Avatar size="small" icon={<UserOutlined />} />
              <span>{user.displayName || user.username}</span>
              <Tag color="blue">{ROLE_LABEL[user.role]}</Tag>
            </Space>
          </Dropdown>
        </Layout.Header>
        <Layout.Content className="shell-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
