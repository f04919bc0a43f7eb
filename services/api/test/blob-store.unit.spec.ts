import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalBlobStore, InvalidBlobKeyError } from '../src/blobs/blob-store.js';
import { createS3BlobStore, sigV4SigningKey } from '../src/blobs/s3-blob-store.js';
import { detectCvFileType } from '../src/evaluator/cv-file-type.js';
import { SAMPLE_DOC, SAMPLE_DOCX, SAMPLE_EXECUTABLE, SAMPLE_PDF, zipOf } from './support/multipart.js';

describe('CV file types by content', () => {
  it('recognises PDF, DOC and DOCX and nothing else', () => {
    expect(detectCvFileType(SAMPLE_PDF)?.extension).toBe('pdf');
    expect(detectCvFileType(SAMPLE_DOC)?.extension).toBe('doc');
    expect(detectCvFileType(SAMPLE_DOCX)?.extension).toBe('docx');
    expect(detectCvFileType(SAMPLE_EXECUTABLE)).toBeUndefined();
    expect(detectCvFileType(zipOf({ 'xl/workbook.xml': '<x/>' }))).toBeUndefined();
    expect(detectCvFileType(Buffer.from('%PD'))).toBeUndefined();
  });
});

describe('local blob store', () => {
  it('keeps bytes and content type and refuses keys that climb out', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'blobs-'));
    try {
      const store = createLocalBlobStore(dir);
      await store.put('cv/u1/a.pdf', SAMPLE_PDF, 'application/pdf');
      expect(await store.get('cv/u1/a.pdf')).toEqual({ bytes: SAMPLE_PDF, contentType: 'application/pdf' });
      expect(await store.get('cv/u1/missing.pdf')).toBeUndefined();
      await expect(store.put('../etc/passwd', SAMPLE_PDF, 'x')).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.get('cv/../../x')).rejects.toBeInstanceOf(InvalidBlobKeyError);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('S3-compatible blob store', () => {
  it('derives the SigV4 signing key of the AWS documentation example', () => {
    const key = sigV4SigningKey('wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', '20150830', 'us-east-1', 'iam');
    expect(key.toString('hex')).toBe('c4afb1cc5771d871763a393e44b703571b55cc28424d1a5e86da6ed3c154a4b9');
  });

  it('puts and gets objects with signed path-style requests', async () => {
    const objects = new Map<string, { body: Buffer; type: string }>();
    const seen: Array<{ method: string; url: string; auth: string; sha: string }> = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        seen.push({
          method: req.method!,
          url: req.url!,
          auth: String(req.headers.authorization),
          sha: String(req.headers['x-amz-content-sha256']),
        });
        if (req.method === 'PUT') {
          objects.set(req.url!, { body: Buffer.concat(chunks), type: String(req.headers['content-type']) });
          res.writeHead(200).end();
        } else {
          const object = objects.get(req.url!);
          if (!object) return void res.writeHead(404).end();
          res.writeHead(200, { 'content-type': object.type }).end(object.body);
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const store = createS3BlobStore({
        endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        bucket: 'cvs',
        region: 'us-east-1',
        accessKeyId: 'AKID',
        secretAccessKey: 'secret',
        now: () => new Date('2026-01-02T03:04:05Z'),
      });
      await store.put('cv/u1/a.pdf', SAMPLE_PDF, 'application/pdf');
      expect(await store.get('cv/u1/a.pdf')).toEqual({ bytes: SAMPLE_PDF, contentType: 'application/pdf' });
      expect(await store.get('cv/u1/none.pdf')).toBeUndefined();
      expect(seen[0]).toMatchObject({ method: 'PUT', url: '/cvs/cv/u1/a.pdf' });
      expect(seen[0]!.auth).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKID\/20260102\/us-east-1\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
      );
      expect(seen[0]!.sha).toBe(createHash('sha256').update(SAMPLE_PDF).digest('hex'));
    } finally {
      server.close();
    }
  });
});
