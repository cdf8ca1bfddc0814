import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuesOf } from './issues';
import { parseStorageUrl, storageUrlVar } from './storage';

describe('STORAGE_URL', () => {
  it('reads endpoint, bucket, prefix, region and flags', () => {
    expect(
      parseStorageUrl('s3://AK:s%2Fecret@127.0.0.1:9000/portal/site-a?region=cn-1&forcePathStyle=1&tls=0'),
    ).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'portal',
      prefix: 'site-a/',
      region: 'cn-1',
      accessKeyId: 'AK',
      secretAccessKey: 's/ecret',
      forcePathStyle: true,
    });
    expect(parseStorageUrl('s3://AK:SK@oss-cn-hangzhou.aliyuncs.com/media')).toMatchObject({
      endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
      prefix: '',
      region: 'us-east-1',
      forcePathStyle: false,
    });
  });
  it.each([
    ['http://AK:SK@host/bucket', /s3:\/\//],
    ['s3://host/bucket', /ACCESS_KEY/],
    ['s3://AK:SK@host', /bucket/],
    ['s3://AK:SK@host/Bad_Bucket', /bucket/],
    ['s3://AK:SK@host/bucket?tls=maybe', /tls/],
    ['s3://AK:SK@host/bucket?acl=public', /unknown option/],
  ])('refuses %s', (value, message) => {
    expect(parseStorageUrl(value)).toMatch(message);
  });
  it('is optional, and a bad value is an issue naming the variable but not the secret', () => {
    const schema = z.object({ STORAGE_URL: storageUrlVar });
    expect(schema.parse({ STORAGE_URL: '' }).STORAGE_URL).toBeUndefined();
    const result = schema.safeParse({ STORAGE_URL: 'http://AK:topsecret@host/bucket' });
    expect(result.success).toBe(false);
    const issues = issuesOf(result.error!);
    expect(issues[0]?.variable).toBe('STORAGE_URL');
    expect(JSON.stringify(issues)).not.toContain('topsecret');
  });
});
