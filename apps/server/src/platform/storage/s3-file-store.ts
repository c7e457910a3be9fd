import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { StoreUnavailableError, storeTrouble } from '../db/unavailable';
import { assertValidFileKey, assertValidFilePrefix, type FileStore, IMMUTABLE_CACHE_CONTROL } from './file-store';

export interface S3FileStoreOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (MinIO, R2, …); unset means AWS itself. */
  endpoint?: string | undefined;
  /** Both or neither; without them the SDK's default chain applies (environment, instance role). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** `host/bucket/key` addressing, which most S3-compatible services need. */
  forcePathStyle: boolean;
  /**
   * Where browsers load the bucket's objects from (a CDN, or the bucket's public address), such
   * as `https://cdn.outpost.example`; `url(key)` is this plus `/key`. The bucket (or the CDN)
   * must allow public reads: objects are written without an ACL, since many buckets refuse ACLs.
   */
  publicUrl: string;
}

/** DeleteObjects takes at most this many keys per call, and a listing page holds as many. */
const DELETE_BATCH = 1000;

/**
 * A service that cannot be reached, times out, or still answers 5xx after the SDK's retries
 * (SlowDown, InternalError, ServiceUnavailable) is the store's trouble, answered 503 in words as
 * for the other stores; a 4xx (a wrong bucket, refused credentials) stays a fault to look into.
 */
function serviceTrouble(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const status = (error as { $metadata?: { httpStatusCode?: unknown } }).$metadata?.httpStatusCode;
  const unavailable =
    (typeof status === 'number' && status >= 500) ||
    error.name === 'TimeoutError' ||
    storeTrouble(error) === 'unreachable';
  return unavailable
    ? new StoreUnavailableError('unreachable', `The file store did not answer: ${error.message}`, { cause: error })
    : error;
}

async function fromService<Output>(sending: Promise<Output>): Promise<Output> {
  try {
    return await sending;
  } catch (error) {
    throw serviceTrouble(error);
  }
}

/** Files in an S3 bucket, through the AWS SDK. */
export class S3FileStore implements FileStore {
  readonly kind = 's3';
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #publicUrl: string;

  constructor(options: S3FileStoreOptions) {
    const credentials =
      options.accessKeyId !== undefined && options.secretAccessKey !== undefined
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined;
    this.#client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials,
      // The SDK's default (since 3.729) adds CRC32 checksum headers to every upload, which many
      // S3-compatible services reject; AWS itself does not need them where the API does not.
      ...(options.endpoint === undefined
        ? {}
        : { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }),
    });
    this.#bucket = options.bucket;
    this.#publicUrl = options.publicUrl.replace(/\/+$/, '');
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertValidFileKey(key);
    await fromService(
      this.#client.send(
        new PutObjectCommand({
          Bucket: this.#bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          // Stored with the object, so the bucket and any CDN in front of it send it to browsers.
          CacheControl: IMMUTABLE_CACHE_CONTROL,
        }),
      ),
    );
  }

  async delete(key: string): Promise<void> {
    assertValidFileKey(key);
    await fromService(this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: key })));
  }

  /** Lists the prefix page by page and deletes each page in one call. */
  /** The keys under a prefix, one listing page (up to DELETE_BATCH keys) at a time. */
  async *#pages(prefix: string): AsyncGenerator<string[]> {
    assertValidFilePrefix(prefix);
    let continuationToken: string | undefined;
    do {
      const page = await fromService(
        this.#client.send(
          new ListObjectsV2Command({
            Bucket: this.#bucket,
            Prefix: prefix,
            MaxKeys: DELETE_BATCH,
            ContinuationToken: continuationToken,
          }),
        ),
      );
      yield (page.Contents ?? []).flatMap((object) => (object.Key === undefined ? [] : [object.Key]));
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken !== undefined);
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const page of this.#pages(prefix)) keys.push(...page);
    return keys;
  }

  async deletePrefix(prefix: string): Promise<void> {
    for await (const keys of this.#pages(prefix)) {
      if (keys.length === 0) continue;
      const result = await fromService(
        this.#client.send(
          new DeleteObjectsCommand({
            Bucket: this.#bucket,
            Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
          }),
        ),
      );
      // A batch answers 200 even when some keys failed; those are listed in Errors.
      const failed = result.Errors ?? [];
      if (failed.length > 0) {
        const first = failed[0];
        throw new Error(
          `Could not delete ${failed.length} file(s) under ${prefix}: ${first?.Key} (${first?.Code}: ${first?.Message})`,
        );
      }
    }
  }

  url(key: string): string {
    assertValidFileKey(key);
    return `${this.#publicUrl}/${key}`;
  }

  async close(): Promise<void> {
    this.#client.destroy();
  }
}
