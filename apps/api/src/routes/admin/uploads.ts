import type { FastifyInstance } from 'fastify';
import { EDITOR_UPLOAD_MAX_BYTES } from '@portal/api-client/constants';
import { EDITOR_SIZE_MSG, UPLOAD_MISSING_MSG, storeEditorFile } from '../../lib/uploads';
import { recordAudit } from '../../repositories/audit';
import { recordUpload } from '../../repositories/media-library';
import type { MultipartBody } from '../member/multipart';
import { actorOf, badInput } from './http';

/**
 * POST /admin/api/uploads: images and videos for the newsroom's editor, through the same checks
 * as members' editor uploads (real type from the bytes, decoded images, 50 MB while streaming).
 * The editor's session and CSRF token are checked in onRequest, before any byte of the body is read.
 */
export default async function uploadRoutes(app: FastifyInstance) {
  app.post(
    '/uploads',
    {
      config: {
        permission: 'articles',
        upload: {
          maxBytes: EDITOR_UPLOAD_MAX_BYTES,
          tooLargeMsg: EDITOR_SIZE_MSG,
          // The editor's budget (same hourly caps as members); their session was checked on request.
          uploader: (request) => (request.editorSession ? `editor:${request.editorSession.editor.id}` : null),
        },
      },
      bodyLimit: EDITOR_UPLOAD_MAX_BYTES + 1024 * 1024,
    },
    async (request) => {
      const file = (request.body as MultipartBody | undefined)?.file;
      if (!file || typeof file !== 'object') throw badInput(UPLOAD_MISSING_MSG, 'file');
      const stored = await storeEditorFile(file, app.fileStore, app.imageDecodes);
      const actor = actorOf(request);
      await recordUpload(app.database, stored, file.clientName, `editor:${actor.editor}`, Date.now());
      await recordAudit(
        app.database.db,
        { ...actor, action: 'upload', entity: 'media', entityId: stored.url },
        Date.now(),
      );
      return { url: stored.url };
    },
  );
}
