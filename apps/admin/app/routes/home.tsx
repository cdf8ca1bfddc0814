import { redirect } from 'react-router';
import { can, type SessionInfo } from '@portal/api-client/admin';
import { adminApi } from '../lib/api';

/** The back office opens on the first section the editor's role reaches. */
export async function clientLoader() {
  const { user }: SessionInfo = await adminApi.session();
  if (can(user.role, 'articles')) throw redirect('/articles');
  if (can(user.role, 'review')) throw redirect('/review');
  throw redirect('/leads');
}

export default function Home() {
  return null;
}
