import { redirect } from 'react-router';
import type { SessionInfo } from '@portal/api-client/admin';
import { firstPage } from '../features/resources/nav';
import { adminApi } from '../lib/api';

/** The back office opens on the first section the editor's role reaches. */
export async function clientLoader() {
  const { user }: SessionInfo = await adminApi.session();
  throw redirect(firstPage(user.role) ?? '/leads');
}

export default function Home() {
  return null;
}
