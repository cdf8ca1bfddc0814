import { z } from 'zod';

/**
 * STORAGE_URL: where uploads live when they are not on the local disk (DESIGN.md section 9).
 *
 *   s3://ACCESS_KEY:SECRET_KEY@HOST[:PORT]/BUCKET[/PREFIX]?region=REGION&forcePathStyle=1&tls=1
 *
 * - ACCESS_KEY and SECRET_KEY are URL-encoded (a "/" in a secret is written %2F).
 * - HOST[:PORT] is the S3-compatible endpoint: Aliyun OSS (oss-cn-hangzhou.aliyuncs.com), Tencent
 *   COS (cos.ap-shanghai.myqcloud.com), MinIO (minio:9000), AWS (s3.amazonaws.com).
 * - PREFIX (optional) is put in front of every key, so several portals can share one bucket.
 * - region defaults to us-east-1; forcePathStyle=1 (MinIO, test servers) puts the bucket in the
 *   path instead of the host name; tls=0 talks plain http (a store on a private network only).
 *
 * Unset: files stay under DATA_DIR (uploads/ public, private/ for paid white papers).
 */
export interface S3StorageSettings {
  kind: 's3';
  /** http(s)://host[:port] */
  endpoint: string;
  bucket: string;
  /** Key prefix inside the bucket, '' or ending in '/'. */
  prefix: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;
const REGION = /^[a-z0-9-]{1,40}$/;
const FLAGS = new Set(['region', 'forcePathStyle', 'tls']);

/** Parses STORAGE_URL; returns the problems instead of throwing (see storageUrlVar). */
export function parseStorageUrl(value: string): S3StorageSettings | string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be s3://ACCESS_KEY:SECRET_KEY@HOST[:PORT]/BUCKET[?region=…&forcePathStyle=1&tls=0]';
  }
  if (url.protocol !== 's3:') return `must start with s3://, got "${url.protocol}"`;
  if (!url.hostname) return 'names no endpoint host';
  const accessKeyId = decodeURIComponent(url.username);
  const secretAccessKey = decodeURIComponent(url.password);
  if (!accessKeyId || !secretAccessKey) return 'needs ACCESS_KEY:SECRET_KEY@ before the host';
  const [bucket = '', ...rest] = url.pathname.split('/').filter(Boolean);
  if (!BUCKET.test(bucket)) return `names no valid bucket after the host, got "${bucket}"`;
  const prefix = rest.join('/');
  if (prefix && !PREFIX.test(prefix)) return `has an invalid key prefix "${prefix}"`;
  for (const key of url.searchParams.keys()) {
    if (!FLAGS.has(key)) return `has an unknown option "${key}" (known: ${[...FLAGS].join(', ')})`;
  }
  const flag = (name: string, fallback: boolean): boolean | string => {
    const v = url.searchParams.get(name);
    if (v === null || v === '') return fallback;
    if (v === '1' || v === 'true') return true;
    if (v === '0' || v === 'false') return false;
    return `option ${name} must be 1 or 0, got "${v}"`;
  };
  const forcePathStyle = flag('forcePathStyle', false);
  const tls = flag('tls', true);
  if (typeof forcePathStyle === 'string') return forcePathStyle;
  if (typeof tls === 'string') return tls;
  const region = url.searchParams.get('region') || 'us-east-1';
  if (!REGION.test(region)) return `has an invalid region "${region}"`;
  return {
    kind: 's3',
    endpoint: `${tls ? 'https' : 'http'}://${url.host}`,
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    region,
    accessKeyId,
    secretAccessKey,
    forcePathStyle,
  };
}

/** STORAGE_URL: unset (local disk) or an S3-compatible store; a bad value is a start-up error. */
export const storageUrlVar = z
  .string()
  .optional()
  .transform((value, ctx): S3StorageSettings | undefined => {
    if (value === undefined || value.trim() === '') return undefined;
    const parsed = parseStorageUrl(value.trim());
    if (typeof parsed === 'string') {
      // The message never repeats the value: it holds the secret key.
      ctx.addIssue({ code: 'custom', message: parsed });
      return z.NEVER;
    }
    return parsed;
  });
