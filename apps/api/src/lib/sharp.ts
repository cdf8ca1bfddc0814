import type SharpModule from 'sharp';

let loading: Promise<typeof SharpModule> | undefined;

/**
 * sharp, loaded on first use: only uploads and the slider captcha need it, and loading it costs
 * every worker about 25 MB of resident memory (bench: the per-worker budget is 300 MB).
 *
 * One libvips thread per image: parallelism comes from the decode queue (lib/decode-queue.ts, one
 * slot per core), so N decodes use N threads, not N × cores. No operation cache: every upload is a
 * new image, and the cache would only keep up to 50 MB of decoded pixels nobody asks for again.
 */
export function loadSharp(): Promise<typeof SharpModule> {
  loading ??= import('sharp').then((m) => {
    const sharp = m.default;
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
