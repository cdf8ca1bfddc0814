import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { InferType } from 'yup';
import { mediaQuerySchema, type MediaItem, type MediaKind, type Paged } from '@portal/api-client/admin';
import { EDITOR_UPLOAD_MAX_BYTES } from '@portal/api-client/constants';
import { isPdf } from '../../lib/media-check';
import {
  discard,
  EDITOR_SIZE_MSG,
  storeEditorFile,
  UPLOAD_MISSING_MSG,
  type ReceivedFile,
} from '../../lib/uploads';
import { recordAudit } from '../../repositories/audit';
import { deleteMedia, getMediaKeys, listMedia, recordUpload } from '../../repositories/media-library';
import { describeUses, mediaUses } from '../../repositories/media-usage';
import type { MultipartBody } from '../member/multipart';
import { AdminHttpError, actorOf, badInput, idParams, notFound, type IdParams } from './http';

const MEDIA_FORMAT_MSG = '只能上传 PNG、JPG、GIF、WEBP 图片，MP4、WEBM 视频或 PDF 文件';

/** First and last bytes of a received file (PDF framing check). */
async function headAndTail(file: ReceivedFile): Promise<{ head: Buffer; tail: Buffer }> {
  const fh = await fs.open(file.tmpPath, 'r');
  try {
    const head = Buffer.alloc(Math.min(1024, file.size));
    await fh.read(head, 0, head.length, 0);
    const tail = Buffer.alloc(Math.min(1024, file.size));
    await fh.read(tail, 0, tail.length, Math.max(0, file.size - tail.length));
    return { head, tail };
  } finally {
    await fh.close();
  }
}

/**
 * /admin/api/media: the back office's one media library (issues 13/14). Images are re-encoded with
 * their WebP and narrower variants (lib/images.ts), videos kept only when their container parses,
 * PDFs only when framed as PDFs; all streamed in with the size limit enforced while they arrive.
 * PDFs go to the private tree: they may be paid white papers, so they get no public URL.
 */
export default async function mediaRoutes(app: FastifyInstance) {
  app.get<{ Querystring: InferType<typeof mediaQuerySchema> }>(
    '/media',
    { schema: { querystring: mediaQuerySchema }, config: { permission: 'media' } },
    async (request): Promise<Paged<MediaItem>> => {
      const { kind, page, pageSize } = request.query;
      return listMedia(app.database, { kind: (kind || undefined) as MediaKind | undefined, page, pageSize });
    },
  );

  app.post(
    '/media',
    {
      config: {
        permission: 'media',
        upload: {
          maxBytes: EDITOR_UPLOAD_MAX_BYTES,
          tooLargeMsg: EDITOR_SIZE_MSG,
          uploader: (request) => (request.editorSession ? `editor:${request.editorSession.editor.id}` : null),
        },
      },
      bodyLimit: EDITOR_UPLOAD_MAX_BYTES + 1024 * 1024,
    },
    async (request, reply): Promise<MediaItem> => {
      const file = (request.body as MultipartBody | undefined)?.file;
      if (!file || typeof file !== 'object') throw badInput(UPLOAD_MISSING_MSG, 'file');
      const actor = actorOf(request);
      const now = Date.now();
      let stored: Parameters<typeof recordUpload>[1];
      try {
        if (file.tooLarge || file.size > EDITOR_UPLOAD_MAX_BYTES) throw badInput(EDITOR_SIZE_MSG, 'file');
        if (file.size === 0) throw badInput(UPLOAD_MISSING_MSG, 'file');
        const { head, tail } = await headAndTail(file);
        if (head.subarray(0, 5).toString('latin1') === '%PDF-') {
          if (!isPdf(head, tail)) throw badInput(MEDIA_FORMAT_MSG, 'file');
          const month = new Date(now).toISOString().slice(0, 7).replace('-', '');
          const key = `private/media/${month}/${randomUUID()}.pdf`;
          await app.fileStore.put(key, createReadStream(file.tmpPath), 'application/pdf');
          stored = {
            key,
            mime: 'application/pdf',
            bytes: file.size,
            width: null,
            height: null,
            variants: [],
          };
        } else {
          stored = await storeEditorFile(file, app.fileStore, app.imageDecodes, {
            area: 'media',
            now,
            formatMsg: MEDIA_FORMAT_MSG,
          });
        }
      } finally {
        await discard(file);
      }
      const item = await recordUpload(app.database, stored, file.clientName, `editor:${actor.editor}`, now);
      await recordAudit(
        app.database.db,
        { ...actor, action: 'upload', entity: 'media', entityId: item.id, detail: item.url },
        now,
      );
      return reply.code(201).send(item);
    },
  );

  /** An editor's look at a file, private PDFs included (never cached by shared caches). */
  app.get<{ Params: IdParams }>(
    '/media/:id/file',
    { schema: { params: idParams }, config: { permission: 'media' } },
    async (request, reply) => {
      const found = await getMediaKeys(app.database, request.params.id);
      const file = found && (await app.fileStore.get(found.keys[0]));
      if (!found || !file) throw notFound();
      return reply
        .type(found.item.contentType)
        .header('content-length', file.length)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(file.stream);
    },
  );

  app.delete<{ Params: IdParams }>(
    '/media/:id',
    { schema: { params: idParams }, config: { permission: 'media' } },
    async (request, reply) => {
      const found = await getMediaKeys(app.database, request.params.id);
      if (!found) throw notFound();
      // A file a page still shows is not deleted: the editor replaces it there first.
      const uses = await mediaUses(app.database, found.keys[0] ?? '');
      if (uses.length > 0)
        throw new AdminHttpError(
          409,
          `该文件正在使用，不能删除：${describeUses(uses)}。请先在这些地方替换或移除它。`,
          'id',
        );
      if (!(await deleteMedia(app.database, request.params.id))) throw notFound();
      // Row first: a failed file delete leaves an orphan file, never a row pointing at nothing.
      await Promise.all(found.keys.map((key) => app.fileStore.delete(key).catch(() => {})));
      await recordAudit(
        app.database.db,
        {
          ...actorOf(request),
          action: 'delete',
          entity: 'media',
          entityId: found.item.id,
          detail: found.item.url,
        },
        Date.now(),
      );
      return reply.code(204).send();
    },
  );
}
