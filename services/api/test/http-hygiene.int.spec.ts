import { Writable } from 'node:stream';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/app/logger.js';
import { startRuntime, type Runtime } from '../src/runtime/start-runtime.js';
import { testConfig } from './helpers.js';
import { HTML_WITH_PDF_HEADER, SAMPLE_PDF, multipartFile } from './support/multipart.js';
import { latestLinkToken, signIn, type SignedIn } from './support/sign-in.js';

/** Issue #20 point 5 on the embedded default, with the request log captured. */
describe('HTTP hygiene: links, uploads and logs', () => {
  let runtime: Runtime;
  let dataDir: string;
  let person: SignedIn;
  const logLines: string[] = [];
  const logSink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'evalmarket-hygiene-'));
    runtime = await startRuntime(
      testConfig({
        dataDir,
        blobDir: path.join(dataDir, 'blobs'),
        databaseUrl: undefined,
        natsUrl: undefined,
      }),
      { logger: createLogger({ level: 'info', destination: logSink }) },
    );
    person = await signIn(runtime, 'hygiene@example.com');
  }, 60_000);
  afterAll(async () => {
    await runtime?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const upload = (bytes: Buffer, filename: string) => {
    const { payload, headers } = multipartFile(bytes, { filename });
    return runtime.app.inject({
      method: 'POST',
      url: '/api/v1/evaluator/upload/cv',
      headers: { ...person.headers, ...headers },
      payload,
    });
  };

  it('revokes an older magic link when a newer one is sent', async () => {
    const ask = () =>
      runtime.app.inject({
        method: 'POST',
        url: '/api/v1/auth/magic-link',
        payload: { email: 'twice@example.com' },
      });
    expect((await ask()).statusCode).toBe(200);
    const older = latestLinkToken(runtime, 'twice@example.com');
    expect((await ask()).statusCode).toBe(200);
    const newer = latestLinkToken(runtime, 'twice@example.com');
    expect(newer).not.toBe(older);
    const verify = (token: string) =>
      runtime.app.inject({ method: 'POST', url: '/api/v1/auth/verify', payload: { token } });
    expect((await verify(older)).statusCode).toBe(401);
    expect((await verify(newer)).statusCode).toBe(200);
  });

  it('checks a CV by its structure: a real PDF passes, HTML behind a PDF header does not', async () => {
    expect((await upload(SAMPLE_PDF, 'cv.pdf')).statusCode).toBe(201);
    const html = await upload(HTML_WITH_PDF_HEADER, 'cv.pdf');
    expect(html.statusCode).toBe(422);
    expect(html.json().detail[0]).toMatchObject({
      loc: ['body', 'file'],
      msg: 'The file is not a readable PDF document',
    });
  }, 30_000);

  it('bounds a DOCX by its entries and their inflated size (zip bombs are refused)', async () => {
    const document = {
      '[Content_Types].xml': strToU8('<Types/>'),
      'word/document.xml': strToU8('<w:document/>'),
    };
    const fine = await upload(Buffer.from(zipSync(document)), 'cv.docx');
    expect(fine.statusCode).toBe(201);
    expect(fine.json().content_type).toMatch(/wordprocessingml/);

    const bomb = zipSync({ ...document, 'word/media/big.bin': new Uint8Array(80 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const bombed = await upload(Buffer.from(bomb), 'cv.docx');
    expect(bombed.statusCode).toBe(422);
    expect(bombed.json().detail[0].msg).toMatch(/unpacks to more than/);

    const parts: Record<string, Uint8Array> = { ...document };
    for (let i = 0; i < 2_100; i += 1) parts[`word/part${i}.xml`] = strToU8('<p/>');
    const crowded = await upload(Buffer.from(zipSync(parts)), 'cv.docx');
    expect(crowded.statusCode).toBe(422);
  }, 60_000);

  it('keeps export-link tokens and access_token query values out of the request log', async () => {
    const exported = await runtime.app.inject({
      method: 'POST',
      url: '/api/v1/analytics/spending/export',
      headers: person.headers,
      payload: { format: 'csv', time_filter: { period: '30d' } },
    });
    expect(exported.statusCode).toBe(200);
    const downloadUrl: string = exported.json().download_url;
    const token = new URL(downloadUrl, 'http://x').searchParams.get('token')!;
    expect((await runtime.app.inject({ method: 'GET', url: downloadUrl })).statusCode).toBe(200);
    const bearer = person.headers.authorization!.slice('Bearer '.length);
    // Refused (the API takes bearer tokens in the header only) but still requested and logged.
    await runtime.app.inject({ method: 'GET', url: `/api/v1/profile/?access_token=${bearer}` });
    await runtime.app.inject({
      method: 'GET',
      url: `/api/v1/profile/?x=1&Access%5Ftoken=${bearer}-rejected`,
    });
    await runtime.app.inject({ method: 'GET', url: `/auth/callback?token=${token}-link` });
    // An email change: its link's token travels in the API path.
    const changed = await runtime.app.inject({
      method: 'POST',
      url: '/api/v1/profile/change-email',
      headers: person.headers,
      payload: { new_email: 'hygiene-new@example.com' },
    });
    expect(changed.statusCode).toBe(200);
    const changeToken = latestLinkToken(runtime, 'hygiene-new@example.com');
    const confirmed = await runtime.app.inject({
      method: 'GET',
      url: `/api/v1/auth/verify-email-change/${changeToken}`,
    });
    expect(confirmed.statusCode).toBe(200);

    // The sink takes lines a tick later (a Writable buffers writes made while one is in flight).
    await new Promise((resolve) => setImmediate(resolve));
    const log = logLines.join('\n');
    expect(log).toContain('/api/v1/analytics/exports/download?token=[Redacted]');
    expect(log).toContain('access_token=[Redacted]');
    expect(log).toContain('/api/v1/auth/verify-email-change/[Redacted]');
    expect(log).not.toContain(token);
    expect(log).not.toContain(bearer);
    // (Without SMTP the development mailer logs the emailed link itself, by design; the request
    // log must not repeat it.)
    const requestLog = logLines.filter((line) => line.includes('"req":')).join('\n');
    expect(requestLog).not.toContain(changeToken);
  }, 30_000);
});
