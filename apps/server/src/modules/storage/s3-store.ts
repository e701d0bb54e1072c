import { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { checkKey, type ObjectStore, type StoredObject } from './object-store.js';

// Results in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …), for several servers
// sharing one store (issue 17, decision 0102). Same keys as on disk: `{jobId}/{name}`, under an
// optional key prefix. Downloads are proxied through the API (the server streams the object),
// so result links, their signatures and the session checks stay the same in both modes.
// The SDK (~270 ms to import) is loaded on first use, so installs without a bucket never pay it.

type Sdk = typeof S3Sdk;
let sdk: Promise<Sdk> | undefined;
const loadSdk = (): Promise<Sdk> => (sdk ??= import('@aws-sdk/client-s3'));

export interface S3StoreOptions {
  bucket: string;
  /** e.g. http://127.0.0.1:9000 for MinIO; unset: AWS's endpoint for the region. */
  endpoint?: string;
  region: string;
  /** Path-style addressing (`endpoint/bucket/key`), which MinIO and most stand-ins need. */
  forcePathStyle: boolean;
  /** Prepended to every key, so one bucket can hold several installs ('' for none). */
  prefix: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

export class S3Store implements ObjectStore {
  private client: Promise<{ client: S3Client; sdk: Sdk }> | undefined;
  private closed = false;

  constructor(private readonly options: S3StoreOptions) {}

  private s3(): Promise<{ client: S3Client; sdk: Sdk }> {
    const { options } = this;
    this.client ??= loadSdk().then((loaded) => ({
      sdk: loaded,
      client: new loaded.S3Client({
        region: options.region,
        forcePathStyle: options.forcePathStyle,
        ...(options.endpoint ? { endpoint: options.endpoint } : {}),
        ...(options.credentials ? { credentials: options.credentials } : {}),
        // A few quick retries (the SDK's standard mode) and no hanging on a dead endpoint.
        maxAttempts: 3,
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
      }),
    }));
    return this.client;
  }

  private key(key: string): string {
    checkKey(key);
    return `${this.options.prefix}${key}`;
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    // A PUT is atomic in S3: a reader sees the old object, or none, or the whole new one.
    const {
      client,
      sdk: { PutObjectCommand },
    } = await this.s3();
    await client.send(
      new PutObjectCommand({ Bucket: this.options.bucket, Key: this.key(key), Body: data }),
    );
  }

  async read(key: string): Promise<Buffer | undefined> {
    const {
      client,
      sdk: { GetObjectCommand },
    } = await this.s3();
    try {
      const out = await client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: this.key(key) }),
      );
      return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async open(key: string): Promise<StoredObject | undefined> {
    const {
      client,
      sdk: { GetObjectCommand },
    } = await this.s3();
    try {
      const out = await client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: this.key(key) }),
      );
      if (!(out.Body instanceof Readable)) {
        // Node's SDK build always gives a stream; anything else is a bundling mistake.
        throw new Error('S3 answered without a readable body');
      }
      return { stream: out.Body, size: out.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    checkKey(prefix);
    const under = `${this.options.prefix}${prefix}/`;
    const {
      client,
      sdk: { ListObjectsV2Command, DeleteObjectsCommand },
    } = await this.s3();
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: this.options.bucket,
          Prefix: under,
          ContinuationToken: token,
        }),
      );
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (keys.length > 0) {
        await client.send(
          new DeleteObjectsCommand({
            Bucket: this.options.bucket,
            Delete: { Objects: keys, Quiet: true },
          }),
        );
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async listPrefixes(): Promise<string[]> {
    const prefixes: string[] = [];
    const {
      client,
      sdk: { ListObjectsV2Command },
    } = await this.s3();
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: this.options.bucket,
          Prefix: this.options.prefix,
          Delimiter: '/',
          ContinuationToken: token,
        }),
      );
      for (const p of page.CommonPrefixes ?? []) {
        const name = p.Prefix?.slice(this.options.prefix.length).replace(/\/$/, '');
        if (name) prefixes.push(name);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return prefixes;
  }

  async listKeys(prefix: string): Promise<string[]> {
    checkKey(prefix);
    const keys: string[] = [];
    const {
      client,
      sdk: { ListObjectsV2Command },
    } = await this.s3();
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: this.options.bucket,
          Prefix: `${this.options.prefix}${prefix}/`,
          ContinuationToken: token,
        }),
      );
      for (const o of page.Contents ?? []) {
        if (o.Key) keys.push(o.Key.slice(this.options.prefix.length));
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    void this.client?.then(({ client }) => client.destroy());
  }
}

/**
 * Reads `s3://bucket[/prefix]?endpoint=…&region=…&forcePathStyle=true`, with the access key and
 * secret either as the URL's user and password or given separately. Throws a message naming
 * what is wrong (config.ts reports it with the variable's name).
 */
export function parseStorageUrl(
  value: string,
  keys: { accessKeyId?: string; secretAccessKey?: string } = {},
): S3StoreOptions {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('must be a URL like s3://bucket?endpoint=http://127.0.0.1:9000');
  }
  if (url.protocol !== 's3:') throw new Error('must start with s3://');
  const bucket = url.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new Error('must name a valid bucket (3–63 lowercase letters, digits, dots, hyphens)');
  }
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]+/.test(endpoint)) {
    throw new Error('endpoint= must be an http:// or https:// address');
  }
  const accessKeyId = decodeURIComponent(url.username) || keys.accessKeyId;
  const secretAccessKey = decodeURIComponent(url.password) || keys.secretAccessKey;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error('needs both the access key id and the secret access key, or neither');
  }
  const path = url.pathname.replace(/^\/+|\/+$/g, '');
  return {
    bucket,
    endpoint,
    region: url.searchParams.get('region') ?? 'us-east-1',
    // Stand-ins and MinIO want path style; AWS itself works with either.
    forcePathStyle: url.searchParams.get('forcePathStyle') !== 'false',
    prefix: path ? `${path}/` : '',
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
  };
}
