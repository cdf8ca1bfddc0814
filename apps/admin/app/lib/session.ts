import { useRouteLoaderData } from 'react-router';
import type { SessionInfo } from '@portal/api-client/admin';

/** The signed-in editor (the shell's loader guarantees one below it). */
export function useEditor(): SessionInfo['user'] {
  const session = useRouteLoaderData('routes/shell') as SessionInfo | undefined;
  if (!session) throw new Error('useEditor outside the signed-in shell');
  return session.user;
}
