import { redirect, useLoaderData } from 'react-router';
import { can, type SessionInfo } from '@portal/api-client/admin';
import Dashboard from '../features/stats/Dashboard';
import { firstPage } from '../features/resources/nav';
import { adminApi } from '../lib/api';

/**
 * The back office opens on the 数据概览 dashboard (issue 25); a role without the statistics
 * (the reviewer) opens on the first section it reaches.
 */
export async function clientLoader() {
  const { user }: SessionInfo = await adminApi.session();
  if (!can(user.role, 'stats')) throw redirect(firstPage(user.role) ?? '/leads');
  return { overview: await adminApi.statsOverview() };
}

export default function Home() {
  const { overview } = useLoaderData<typeof clientLoader>();
  return <Dashboard overview={overview} />;
}
