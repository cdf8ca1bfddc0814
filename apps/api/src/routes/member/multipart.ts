import type { Readable } from 'node:stream';
import Busboy, { type BusboyHeaders } from '@fastify/busboy';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@portal/api-client/codes';
import type { ApiConfig } from '../../config';
import { ApiError } from '../../lib/envelope';
import {
  chargeMemberUploadRate,
  chargeUploadBudget,
  discard,
  receiveToTemp,
  uploadTmpDir,
  type ReceivedFile,
} from '../../lib/uploads';
import { headerIdentity, resolveMemberSession } from '../../plugins/auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Upload calls: largest accepted file, and what else the member must pass before the file is
     * read (e.g. an approved column). Multipart bodies reach no other route.
     */
    upload?: {
      maxBytes: number;
      tooLargeMsg: string;
      admit?: (memberId: number) => Promise<void>;
      /**
       * Who uploads, for routes that know it before the body (the back office: the editor session
       * checked on request); members are identified by their stoken otherwise.
       */
      uploader?: (request: FastifyRequest) => string | null;
    };
  }
}

/** The parsed multipart body: text fields (stoken, member_id…) and at most one `file`. */
export interface MultipartBody {
  file?: ReceivedFile;
  [field: string]: string | ReceivedFile | undefined;
}

const MAX_FIELDS = 10;
const MAX_FIELD_BYTES = 1024;

/** The route's limits and what must pass before the file's first byte is read. */
interface ParseOptions {
  tmpDir: string;
  maxBytes: number;
  tooLargeMsg: string;
  /** Runs when the file part begins, with the fields that preceded it; throws to refuse. */
  beforeFile: (fieldsSoFar: MultipartBody) => Promise<void>;
}

/**
 * multipart/form-data is parsed as the request body (a content-type parser). Nothing of a file is
 * read before its sender is known and within budget (issue 11): the Bearer token was checked on
 * request (auth plugin), the member session comes from the `x-stoken`/`x-member-id` headers
 * (checked here before the body is touched) or from stoken/member_id fields that precede the file
 * part; a file part before any identity is refused with 10001 and its bytes are never read.
 * The single `file` part streams to DATA_DIR/uploads/.tmp with the route's size limit enforced
 * while it arrives; the handler validates and moves it, and any temporary file a request leaves
 * (a failed check) is removed before the response is sent.
 */
export default fp<{ config: ApiConfig }>(
  async (app, { config }) => {
    const tmpDir = uploadTmpDir(config.dataDir);

    app.addContentTypeParser('multipart/form-data', async (request: FastifyRequest, payload: Readable) => {
      const upload = request.routeOptions.config.upload;
      if (!upload) throw new ApiError(ErrorCode.BadRequest);
      if (upload.uploader) {
        const uploader = upload.uploader(request);
        if (!uploader) throw new ApiError(ErrorCode.SessionInvalid);
        return parse(request, payload, {
          tmpDir,
          maxBytes: upload.maxBytes,
          tooLargeMsg: upload.tooLargeMsg,
          beforeFile: () =>
            chargeUploadBudget(app.rateLimit, uploader, declaredBytes(request, upload.maxBytes)),
        });
      }
      const fromHeaders = headerIdentity(request);
      if (fromHeaders) {
        request.memberId = await resolveMemberSession(
          app.database,
          fromHeaders.stoken,
          fromHeaders.member_id,
        );
      }
      const beforeFile = async (fields: MultipartBody) => {
        request.memberId ??= await resolveMemberSession(app.database, fields.stoken, fields.member_id);
        await upload.admit?.(request.memberId);
        await chargeMemberUploadRate(app.rateLimit, request.memberId);
        await chargeUploadBudget(
          app.rateLimit,
          `member:${request.memberId}`,
          declaredBytes(request, upload.maxBytes),
        );
      };
      return parse(request, payload, {
        tmpDir,
        maxBytes: upload.maxBytes,
        tooLargeMsg: upload.tooLargeMsg,
        beforeFile,
      });
    });

    // onSend (not onResponse): the file is gone before the client hears the answer.
    app.addHook('onSend', async (request, _reply, payload) => {
      const body = request.body as MultipartBody | undefined;
      if (body && typeof body === 'object' && body.file && typeof body.file === 'object')
        await discard(body.file);
      return payload;
    });
  },
  { name: 'member-multipart' },
);

/** Bytes the upload may hold: the declared body length (framing included), at most the route's limit. */
function declaredBytes(request: FastifyRequest, maxBytes: number): number {
  const declared = Number(request.headers['content-length']);
  return Number.isSafeInteger(declared) && declared > 0 ? Math.min(declared, maxBytes) : maxBytes;
}

function parse(request: FastifyRequest, payload: Readable, options: ParseOptions): Promise<MultipartBody> {
  const { tmpDir, maxBytes, tooLargeMsg, beforeFile } = options;
  return new Promise((resolve, reject) => {
    let bb: InstanceType<typeof Busboy>;
    try {
      bb = new Busboy({
        headers: request.headers as BusboyHeaders,
        limits: {
          files: 1,
          fields: MAX_FIELDS,
          fieldSize: MAX_FIELD_BYTES,
          parts: MAX_FIELDS + 1,
          headerPairs: 20,
          fileSize: maxBytes + 1,
        },
      });
    } catch {
      reject(new ApiError(ErrorCode.BadRequest));
      return;
    }
    // Null prototype: a field named __proto__ or constructor is only ever data.
    const fields: MultipartBody = Object.create(null) as MultipartBody;
    let file: Promise<ReceivedFile> | null = null;
    let fileStream: Readable | null = null;
    let failed = false;
    const fail = (err: unknown, drain = true) => {
      if (failed) return;
      failed = true;
      // The byte counter goes first: with a 'data' listener left, unpiping would resume the body.
      payload.removeListener('data', countBytes);
      payload.unpipe(bb);
      if (drain) payload.resume();
      else payload.pause();
      // Stop the file part (it will never end once unpiped) and answer only after its temporary
      // file is gone, so nothing is left behind.
      fileStream?.destroy();
      const settled = file ? file.then(discard, () => {}) : Promise.resolve();
      void settled.then(() => reject(err instanceof ApiError ? err : new ApiError(ErrorCode.BadRequest)));
    };
    bb.on('field', (name: string, value: string) => {
      if (name !== 'file') fields[name] = value;
    });
    bb.on('file', (name: string, stream: Readable, filename: string) => {
      // A body cut off inside this part makes the part stream emit 'error': without a listener
      // from the start, that error would be thrown outside the request and stop the process.
      stream.on('error', fail);
      // After a failure the parser may still be working through a chunk it was already given.
      if (failed || name !== 'file' || file) {
        stream.resume();
        return;
      }
      fileStream = stream;
      // The file stream is not read until the sender is admitted: busboy stops pulling the body
      // meanwhile. A refusal leaves the rest of the body unread (not drained into the parser).
      const admitted = beforeFile({ ...fields });
      admitted.catch((err: unknown) => fail(err, false));
      file = admitted.then(() => receiveToTemp(stream, tmpDir, maxBytes, String(filename ?? '')));
      file.catch(fail);
    });
    bb.on('error', fail);
    bb.on('finish', () => {
      if (failed) return;
      (file ?? Promise.resolve(undefined)).then((received) => {
        if (received) fields.file = received;
        resolve({ ...fields });
      }, fail);
    });
    payload.on('error', fail);
    // A body far beyond the limit is not read to its end (Fastify's bodyLimit does not cover
    // streaming parsers): the answer goes out and Node discards or closes the rest.
    const hardCap = maxBytes * 2 + 1024 * 1024;
    let received = 0;
    function countBytes(chunk: Buffer): void {
      received += chunk.length;
      if (received > hardCap) fail(new ApiError(ErrorCode.UploadRejected, tooLargeMsg), false);
    }
    payload.on('data', countBytes);
    payload.pipe(bb);
  });
}
