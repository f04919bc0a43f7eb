import { createHash, createHmac } from 'node:crypto';
import type { BlobStore } from './blob-store.js';

export interface S3BlobStoreOptions {
  /** e.g. https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000 (MinIO); path-style URLs. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Key prefix inside the bucket. */
  prefix?: string;
  fetch?: typeof fetch;
  now?: () => Date;
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** AWS Signature Version 4 signing key (kDate -> kRegion -> kService -> kSigning). */
export function sigV4SigningKey(secret: string, date: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
}

const encodeKey = (key: string) =>
  key
    .split('/')
    .map((segment) =>
      encodeURIComponent(segment).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    )
    .join('/');

/**
 * An S3-compatible blob store (AWS S3, MinIO, R2, ...) over plain HTTPS with SigV4-signed
 * requests: PUT and GET object, path-style. No SDK: two calls do not justify one.
 */
export function createS3BlobStore(options: S3BlobStoreOptions): BlobStore {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const endpoint = new URL(options.endpoint);

  async function signedRequest(method: 'PUT' | 'GET', key: string, body?: Uint8Array, contentType?: string) {
    const path = `${endpoint.pathname.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}/${encodeKey(`${options.prefix ?? ''}${key}`)}`;
    const amzDate = now()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    const day = amzDate.slice(0, 8);
    const payloadHash = sha256(body ?? '');
    const headers: Record<string, string> = {
      host: endpoint.host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amzDate,
    };
    if (contentType) headers['content-type'] = contentType;
    const names = Object.keys(headers).sort();
    const canonical = [
      method,
      path,
      '',
      ...names.map((name) => `${name}:${headers[name]!.trim()}`),
      '',
      names.join(';'),
      payloadHash,
    ].join('\n');
    const scope = `${day}/${options.region}/s3/aws4_request`;
    const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
    const signature = createHmac(
      'sha256',
      sigV4SigningKey(options.secretAccessKey, day, options.region, 's3'),
    )
      .update(toSign)
      .digest('hex');
    headers.authorization = `AWS4-HMAC-SHA256 Credential=${options.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
    const { host: _host, ...sent } = headers;
    return doFetch(new URL(path, endpoint), { method, headers: sent, body });
  }

  return {
    async put(key, bytes, contentType) {
      const response = await signedRequest('PUT', key, bytes, contentType);
      if (!response.ok) throw new Error(`S3 PUT ${key} failed with ${response.status}`);
    },
    async get(key) {
      const response = await signedRequest('GET', key);
      if (response.status === 404) return undefined;
      if (!response.ok) throw new Error(`S3 GET ${key} failed with ${response.status}`);
      return {
        bytes: Buffer.from(await response.arrayBuffer()),
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      };
    },
  };
}
