import type { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3StorageSettings } from '@portal/config';
import { KeyCheckedStore } from './base';
import { typeOfKey, type ByteRange, type ListedObject, type ObjectInfo, type StoredObject } from './types';

const missing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound');

/**
 * An S3-compatible bucket (Aliyun OSS, Tencent COS, MinIO, AWS). Objects are private: the bucket
 * needs no public read policy, because the API streams public files under /uploads/ itself and
 * paid PDFs only to entitled members.
 */
export class S3FileStore extends KeyCheckedStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(settings: S3StorageSettings) {
    super();
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Some S3-compatible stores (older OSS/COS gateways, test servers) reject the newer
      // default checksum headers; send them only where the operation requires one.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.bucket = settings.bucket;
    this.prefix = settings.prefix;
  }

  private objectKey(key: string): string {
    return this.prefix + key;
  }

  /** Creates the bucket when it does not exist (tests, a fresh MinIO); a no-op otherwise. */
  async ensureBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      if (!missing(err)) throw err;
      await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
    }
  }

  protected async write(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    // lib-storage streams large bodies in parts (multipart upload) without knowing the length.
    await new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.objectKey(key), Body: body, ContentType: contentType },
      queueSize: 2,
      partSize: 8 * 1024 * 1024,
    }).done();
  }

  protected async info(key: string): Promise<ObjectInfo | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      return {
        size: Number(head.ContentLength ?? 0),
        contentType: head.ContentType ?? typeOfKey(key),
      };
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  protected async read(key: string, range?: ByteRange): Promise<StoredObject | null> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      const length = Number(res.ContentLength ?? 0);
      const total = res.ContentRange ? Number(res.ContentRange.split('/')[1]) : length;
      return {
        size: Number.isFinite(total) ? total : length,
        contentType: res.ContentType ?? typeOfKey(key),
        length,
        stream: res.Body as Readable,
      };
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  protected async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: this.prefix + prefix,
          ContinuationToken: token,
        }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key) yield { key: item.Key.slice(this.prefix.length), size: Number(item.Size ?? 0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
