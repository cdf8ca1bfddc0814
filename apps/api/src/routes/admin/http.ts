import type { FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { ValidationError, number, object, type AnySchema, type InferType } from 'yup';
import { ADMIN_MSG, type AdminError, type EditConflict, type Permission } from '@portal/api-client/admin';
import { formatTime } from '../../lib/time';
import type { EditorSession } from '../../repositories/editors';
import type { Actor } from '../../repositories/newsroom';
import { MSG } from '@portal/api-client/messages';

/**
 * The back office's HTTP conventions (issue 13): JSON errors `{message, field?}` with the natural
 * status (400 bad input naming the field, 401 no session, 403 role or CSRF, 404, 409 conflict).
 */
export class AdminHttpError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 413 | 429,
    message: string,
    readonly field?: string,
    readonly conflict?: EditConflict,
  ) {
    super(message);
    this.name = 'AdminHttpError';
  }

  get body(): AdminError {
    return {
      message: this.message,
      ...(this.field ? { field: this.field } : {}),
      ...(this.conflict ? { conflict: this.conflict } : {}),
    };
  }
}

export const notFound = () => new AdminHttpError(404, ADMIN_MSG.notFound);

export const badInput = (message: string, field?: string) => new AdminHttpError(400, message, field);

/**
 * The answer to a save whose version was overtaken: 409 naming who saved in between and when; a
 * version newer than the record's is no edit of it (400).
 */
export function editConflict(conflict: EditConflict, sent: number): AdminHttpError {
  if (sent > conflict.version) return badInput(ADMIN_MSG.badVersion, 'version');
  const who = conflict.savedBy || ADMIN_MSG.otherEditor;
  return new AdminHttpError(
    409,
    `${who} 已于 ${formatTime(conflict.savedAt)} 保存了新的版本，你的修改尚未保存`,
    undefined,
    conflict,
  );
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Admin routes: the permission the editor's role must hold (PERMISSIONS of @portal/api-client/admin). */
    permission?: Permission;
    /** Admin routes reachable without a session (the login). */
    anonymous?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in editor's session (admin routes only). */
    editorSession: EditorSession | null;
  }
}

/** The editor of the request; the hooks guarantee one on every route that is not `anonymous`. */
export function editorOf(request: FastifyRequest): EditorSession {
  if (!request.editorSession) throw new AdminHttpError(401, ADMIN_MSG.noSession);
  return request.editorSession;
}

/** The editor as the audit log and revisions name them, with the address the request came from. */
export function actorOf(request: FastifyRequest): Actor {
  const { editor } = editorOf(request);
  return { editorId: editor.id, editor: editor.username, ip: request.ip };
}

/** yup for admin routes: unknown keys stripped, the first failure as 400 naming its field. */
export const adminValidatorCompiler: FastifySchemaCompiler<AnySchema> =
  ({ schema }) =>
  (data) => {
    if (data !== undefined && data !== null && (typeof data !== 'object' || Array.isArray(data))) {
      return { error: badInput(ADMIN_MSG.badInput) };
    }
    try {
      return { value: schema.validateSync(data ?? {}, { stripUnknown: true, abortEarly: true }) };
    } catch (err) {
      if (err instanceof ValidationError)
        return { error: badInput(err.errors[0] ?? ADMIN_MSG.badInput, err.path || undefined) };
      return { error: badInput(ADMIN_MSG.badInput) };
    }
  };

/** An id parameter: an integer of at least `min`; a wrong type, a fraction or a value out of range answers MSG.idInvalid. */
export const idNumber = (min: number) =>
  number()
    .typeError(MSG.idInvalid)
    .integer(MSG.idInvalid)
    .min(min, MSG.idInvalid)
    .max(Number.MAX_SAFE_INTEGER, MSG.idInvalid);

/** `:id` of a record: a positive integer. */
export const idParams = object({ id: idNumber(1).required() });
export type IdParams = InferType<typeof idParams>;

/** An ISO date or date-time (YYYY-MM-DD, or with a time and zone) as epoch ms; undefined when empty. */
export function parseTime(value: string | undefined, field: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  // Bounded, anchored, no nested repetition: linear on any input.
  if (!/^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]{5,12}(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) {
    throw badInput(ADMIN_MSG.badTime, field);
  }
  // A bare date is a day in the newsroom's time zone (Asia/Shanghai, UTC+8).
  const ms = Date.parse(value.length === 10 ? `${value}T00:00:00+08:00` : value);
  if (Number.isNaN(ms)) throw badInput(ADMIN_MSG.badTime, field);
  return ms;
}

/** 204 with no body. */
export function noContent(reply: FastifyReply): FastifyReply {
  return reply.status(204).send();
}
