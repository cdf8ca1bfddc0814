import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db';
import { recordAudit } from '../../repositories/audit';
import { actorOf } from './http';

/** One read of personal data: a list page, an export or one revealed phone number. */
export interface PersonalRead {
  action: 'list' | 'export' | 'view-phone';
  /** 'leads', 'report-subscribers', or a resource kind whose store is `personal` ('members'). */
  entity: string;
  /** Which records: a lead source (`vendor:7`), a report id, a member id. */
  entityId: string | number;
  /** Rows handed out (not the total the filter matches). */
  rows: number;
  /** What else tells the read apart: format, page, search text, column. */
  what?: string;
}

/**
 * Leads, subscribers and members leave the back office only on record (issue 23): the editor,
 * what they read, how many rows, and the client address (`request.ip`, behind TRUST_PROXY the
 * visitor's). Written before the rows are sent: a download broken half-way still counts.
 */
export async function auditPersonalRead(
  database: Db,
  request: FastifyRequest,
  read: PersonalRead,
): Promise<void> {
  const detail = [read.what, `${read.rows} 条`, `IP ${request.ip}`].filter(Boolean).join(' · ');
  await recordAudit(
    database.db,
    { ...actorOf(request), action: read.action, entity: read.entity, entityId: read.entityId, detail },
    Date.now(),
  );
}
