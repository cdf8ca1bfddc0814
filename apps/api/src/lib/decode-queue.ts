import pLimit from 'p-limit';
import { ErrorCode } from '@portal/api-client/codes';
import { MSG } from '@portal/api-client/messages';
import { ApiError } from './envelope';

/**
 * The one gate of uploaded-image decodes (issue 23, item 11). MAX_INPUT_PIXELS bounds each decode;
 * this bounds how many run at once (`concurrency`, one libvips thread each: lib/sharp.ts) and how
 * many may wait (`maxWaiting`). A decode beyond both is refused at once with 10503 (HTTP 503,
 * MSG.imageBusy) instead of queueing without end: waiting uploads hold only their temp file, but an
 * unbounded line would make every one of them time out.
 */
export interface DecodeQueue {
  /** Runs `decode` when a slot is free; throws ApiError(Overloaded) when the line is full. */
  run<T>(decode: () => Promise<T>): Promise<T>;
}

export interface DecodeQueueOptions {
  concurrency: number;
  maxWaiting: number;
}

export function createDecodeQueue({ concurrency, maxWaiting }: DecodeQueueOptions): DecodeQueue {
  const limit = pLimit(concurrency);
  return {
    run(decode) {
      // p-limit counts synchronously: a burst of calls in one tick sees every earlier one.
      if (limit.activeCount >= concurrency && limit.pendingCount >= maxWaiting)
        return Promise.reject(new ApiError(ErrorCode.Overloaded, MSG.imageBusy));
      return limit(decode);
    },
  };
}
