import { redirect } from 'react-router';

/**
 * The audit log's first address, kept for bookmarks: the log is the generic list of its declared
 * kind (`audit-log`), whose filters have the same names, so the query goes along.
 */
export function clientLoader({ request }: { request: Request }) {
  return redirect(`/audit-log${new URL(request.url).search}`);
}

export default function Audit() {
  return null;
}
