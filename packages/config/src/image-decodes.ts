import { availableParallelism } from 'node:os';

/**
 * sharp runs in libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which file
 * reads and password hashing also need: decodes may take all but one of its threads.
 */
const DECODE_THREADS_MAX = 3;

/**
 * IMAGE_DECODE_CONCURRENCY's default (issue 23, item 11): the machine's cores shared out among the
 * `processes` serving it (the production supervisor's workers; 1 for a single process), at least
 * one, at most DECODE_THREADS_MAX.
 */
export function defaultDecodeConcurrency(processes = 1, cores = availableParallelism()): number {
  return Math.max(1, Math.min(DECODE_THREADS_MAX, Math.floor(cores / processes)));
}
