import type SharpModule from 'sharp';

let loading: Promise<typeof SharpModule> | undefined;

/**
 * sharp, loaded on first use: only uploads and the slider captcha need it, and loading it costs
 * every worker about 25 MB of resident memory (bench: the per-worker budget is 300 MB).
 */
export function loadSharp(): Promise<typeof SharpModule> {
  loading ??= import('sharp').then((m) => m.default);
  return loading;
}
