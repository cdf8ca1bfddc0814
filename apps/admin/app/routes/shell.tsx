import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, Layout, Menu, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Outlet, redirect, useLocation, useNavigate } from 'react-router';
import { ROLE_LABEL } from '@portal/api-client/admin';
import { navItems, navSelection } from '../features/resources/nav';
import { AdminApiError, adminApi } from '../lib/api';
import { useEditor } from '../lib/session';
import { TEXT } from '@portal/api-client/messages';

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

export default function Shell() {
  const user = useEditor();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = navItems(user.role);
  const { key: selected, group } = navSelection(pathname);
  // Every group is open until folded; the current page's group stays open.
  const [folded, setFolded] = useState<string[]>([]);
  const open = items.map((g) => g.key).filter((k) => k === group || !folded.includes(k));
  const onOpenChange = (keys: string[]) =>
    setFolded(items.map((g) => g.key).filter((k) => !keys.includes(k)));

  const logout = async () => {
    await adminApi.logout().catch(() => undefined);
    navigate('/login');
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={208} breakpoint="lg" collapsedWidth={64} className="shell-sider">
        <div className="shell-logo">IT 资讯 · 编辑后台</div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={selected ? [selected] : []}
          openKeys={open}
          onOpenChange={onOpenChange}
          items={items}
          onClick={({ key }) => navigate(key)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="shell-header">
          <Typography.Text type="secondary">中小企业 IT 资讯门户</Typography.Text>
          <Dropdown
            menu={{
              items: [{ key: 'logout', icon: <LogoutOutlined />, label: TEXT.logout, onClick: logout }],
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
