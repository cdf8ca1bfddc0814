import type { RouteObject } from 'react-router';
import ResourceEdit, { clientLoader as editLoader } from '../features/resources/edit';
import ResourceList, { clientLoader as listLoader } from '../features/resources/list';
import Audit, { clientLoader as auditLoader } from '../routes/audit';

/** The generic pages as app/routes.ts mounts them (with the audit log's old address). */
export const RESOURCE_ROUTES: RouteObject[] = [
  { path: 'audit', loader: auditLoader, Component: Audit },
  { path: ':kind', loader: listLoader, Component: ResourceList },
  { path: ':kind/new', loader: editLoader, Component: ResourceEdit },
  { path: ':kind/:id', loader: editLoader, Component: ResourceEdit },
];
