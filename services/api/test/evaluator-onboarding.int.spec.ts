import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CV_MAX_BYTES } from '@evalmarket/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime/start-runtime.js';
import {
  multipartFile,
  SAMPLE_DOC,
  SAMPLE_DOCX,
  SAMPLE_EXECUTABLE,
  SAMPLE_PDF,
  zipOf,
} from './support/multipart.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn, type SignedIn } from './support/sign-in.js';
import { injector } from './support/inject.js';

for (const mode of runtimeModes()) {
  describe(`evaluator onboarding: ${mode.name}`, () => {
    let runtime: Runtime & { stop(): Promise<void> };
    let admin: SignedIn;
    let blobDir: string | undefined;
    beforeAll(async () => {
      // Uploads go to a throwaway directory in every mode (the services mode keeps the default DATA_DIR).
      blobDir = await mkdtemp(path.join(tmpdir(), 'evalmarket-blobs-'));
      runtime = await startTestRuntime(mode, { blobDir });
      admin = await signIn(runtime, 'admin@example.com', { admin: true });
    }, 60_000);
    afterAll(async () => {
      await runtime?.stop();
      if (blobDir) await rm(blobDir, { recursive: true, force: true });
    });

    const api = injector(() => runtime.app);
    const apply = (who: SignedIn, body: object) =>
      api.send({ method: 'POST', url: '/api/v1/evaluator/apply', headers: who.headers, payload: body });
    const status = async (who: SignedIn) =>
      (await api.send({ method: 'GET', url: '/api/v1/evaluator/status', headers: who.headers })).json();
    const upload = (who: SignedIn, bytes: Buffer, filename = 'cv.pdf') => {
      const { payload, headers } = multipartFile(bytes, { filename });
      return api.send({
        method: 'POST',
        url: '/api/v1/evaluator/upload/cv',
        headers: { ...who.headers, ...headers },
        payload,
      });
    };

    it('answers 401 to everyone signed out', async () => {
      for (const [method, url] of [
        ['GET', '/api/v1/evaluator/status'],
        ['POST', '/api/v1/evaluator/apply'],
        ['POST', '/api/v1/evaluator/express-expert-interest'],
        ['POST', '/api/v1/evaluator/upload/cv'],
      ] as const) {
        const reply = await api.send({ method, url, payload: method === 'POST' ? {} : undefined });
        expect(reply.statusCode, url).toBe(401);
        expect(reply.json()).toMatchObject({ detail: 'No authentication token available' });
      }
    });

    it('starts not_applied with the spec status shape', async () => {
      const person = await signIn(runtime, 'fresh@example.com');
      expect(await status(person)).toEqual({
        evaluator_status: 'not_applied',
        qualification_tier: null,
        rejection_reason: null,
        earning_balance: 0,
        minimum_cashout_credits: 10_000,
        can_cashout: false,
        expert_tier_interest_expressed: false,
        stripe_connect_status: { has_account: false, details_submitted: false, payouts_enabled: false },
      });
    });

    it('applies with an Indeed resume URL, becomes pending and gains the expert role', async () => {
      const person = await signIn(runtime, 'indeed@example.com');
      const reply = await apply(person, {
        application_method: 'indeed',
        indeed_url: 'https://www.indeed.com/r/jane-doe/123',
      });
      expect(reply.statusCode).toBe(201);
      expect(reply.json()).toMatchObject({ evaluator_status: 'pending', application_method: 'indeed' });
      expect(await status(person)).toMatchObject({ evaluator_status: 'pending', can_cashout: false });
      const { rows } = await runtime.sql.query<{ roles: string[] }>('SELECT roles FROM users WHERE id = $1', [
        person.userId,
      ]);
      expect(rows[0]!.roles).toContain('expert');
      // The event carries the URL sealed, never in clear.
      const events = await runtime.store.readStream(`evaluator-${person.userId}`);
      expect(JSON.stringify(events[0]!.data)).not.toContain('indeed.com');
      const again = await apply(person, {
        application_method: 'indeed',
        indeed_url: 'https://indeed.com/r/x',
      });
      expect(again.statusCode).toBe(409);
    });

    it('refuses Indeed URLs that break the spec rule with its message', async () => {
      const person = await signIn(runtime, 'bad-indeed@example.com');
      for (const indeed_url of [
        'https://www.indeed.com/r/',
        'ftp://indeed.com/r/abc',
        'https://indeed.com/profile/abc',
        'https://evil.com/r/abc',
        'https://www.indeed.com.evil.com/r/abc',
        '',
      ]) {
        const reply = await apply(person, { application_method: 'indeed', indeed_url });
        expect(reply.statusCode, indeed_url).toBe(422);
        expect(reply.json().detail[0]).toMatchObject({
          loc: ['body', 'indeed_url'],
          msg: 'Please enter a valid Indeed resume URL',
        });
      }
      const missing = await apply(person, { application_method: 'indeed' });
      expect(missing.statusCode).toBe(422);
      expect((await status(person)).evaluator_status).toBe('not_applied');
      for (const indeed_url of ['http://indeed.com/r/a', 'https://INDEED.com/r/abc?x=1']) {
        const other = await signIn(runtime, `ok-${indeed_url.length}@example.com`);
        expect(
          (await apply(other, { application_method: 'indeed', indeed_url })).statusCode,
          indeed_url,
        ).toBe(201);
      }
    });

    it('rejects an unknown method and malformed bodies with 422, never 500', async () => {
      const person = await signIn(runtime, 'malformed@example.com');
      expect((await apply(person, { application_method: 'fax' })).statusCode).toBe(422);
      expect((await apply(person, {})).statusCode).toBe(422);
      const text = await api.send({
        method: 'POST',
        url: '/api/v1/evaluator/apply',
        headers: { ...person.headers, 'content-type': 'application/json' },
        payload: '{not json',
      });
      expect(text.statusCode).toBe(400);
    });

    it('uploads a CV recognised by content and applies with it', async () => {
      const person = await signIn(runtime, 'cv@example.com');
      const uploaded = await upload(person, SAMPLE_PDF, 'resume.bin');
      expect(uploaded.statusCode).toBe(201);
      const { file_url, content_type } = uploaded.json();
      expect(content_type).toBe('application/pdf');
      expect(file_url).toMatch(/^\/api\/v1\/evaluator\/cv\//);
      // The owner and an admin can read it back; someone else cannot.
      const own = await api.send({ method: 'GET', url: file_url, headers: person.headers });
      expect(own.statusCode).toBe(200);
      expect(own.rawPayload.equals(SAMPLE_PDF)).toBe(true);
      expect((await api.send({ method: 'GET', url: file_url, headers: admin.headers })).statusCode).toBe(200);
      const stranger = await signIn(runtime, 'stranger@example.com');
      expect((await api.send({ method: 'GET', url: file_url, headers: stranger.headers })).statusCode).toBe(
        404,
      );
      // Nobody can apply with someone else's upload.
      const borrowed = await apply(stranger, { application_method: 'cv_upload', cv_file_url: file_url });
      expect(borrowed.statusCode).toBe(422);
      const reply = await apply(person, { application_method: 'cv_upload', cv_file_url: file_url });
      expect(reply.statusCode).toBe(201);
      expect(await status(person)).toMatchObject({ evaluator_status: 'pending' });
    });

    it('recognises DOC and DOCX and refuses an executable renamed .pdf or a zip without word/', async () => {
      const person = await signIn(runtime, 'kinds@example.com');
      expect((await upload(person, SAMPLE_DOC, 'cv.doc')).json().content_type).toBe('application/msword');
      expect((await upload(person, SAMPLE_DOCX, 'cv.docx')).json().content_type).toMatch(/wordprocessingml/);
      for (const [bytes, name] of [
        [SAMPLE_EXECUTABLE, 'cv.pdf'],
        [zipOf({ 'xl/workbook.xml': '<x/>' }), 'cv.docx'],
        [Buffer.from('just text'), 'cv.doc'],
        [Buffer.alloc(0), 'cv.pdf'],
      ] as const) {
        const reply = await upload(person, bytes, name);
        expect(reply.statusCode, name).toBe(422);
        expect(reply.json().detail[0].msg).toBe('Please upload a PDF or Word document');
      }
    });

    it('accepts exactly 5 MB and refuses 5 MB + 1 byte with the spec message', async () => {
      const person = await signIn(runtime, 'size@example.com');
      const exact = Buffer.concat([SAMPLE_PDF, Buffer.alloc(CV_MAX_BYTES - SAMPLE_PDF.length, 0x20)]);
      expect((await upload(person, exact)).statusCode).toBe(201);
      const over = Buffer.concat([exact, Buffer.from(' ')]);
      const reply = await upload(person, over);
      expect(reply.statusCode).toBe(413);
      expect(reply.json()).toMatchObject({ detail: 'File size must be less than 5MB' });
    });

    it('refuses an upload that is not multipart or has no file field', async () => {
      const person = await signIn(runtime, 'nofile@example.com');
      const json = await api.send({
        method: 'POST',
        url: '/api/v1/evaluator/upload/cv',
        headers: person.headers,
        payload: {},
      });
      expect(json.statusCode).toBe(422);
      const { payload, headers } = multipartFile(SAMPLE_PDF, { field: 'other' });
      const wrongField = await api.send({
        method: 'POST',
        url: '/api/v1/evaluator/upload/cv',
        headers: { ...person.headers, ...headers },
        payload,
      });
      expect(wrongField.statusCode).toBe(422);
    });

    it('answers 4xx, never 500, to broken multipart bodies', async () => {
      const person = await signIn(runtime, 'broken@example.com');
      const cases: Array<[string, string]> = [
        ['multipart/form-data; boundary=xyz', 'garbage'],
        ['multipart/form-data', 'garbage'],
        [
          'multipart/form-data; boundary=xyz',
          '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 cut short',
        ],
        [
          'multipart/form-data; boundary=xyz',
          '--xyz\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n--xyz--\r\n',
        ],
        ['application/octet-stream', '%PDF-1.4'],
      ];
      for (const [type, payload] of cases) {
        const reply = await api.send({
          method: 'POST',
          url: '/api/v1/evaluator/upload/cv',
          headers: { ...person.headers, 'content-type': type },
          payload,
        });
        expect([415, 422], `${type} ${payload}`).toContain(reply.statusCode);
      }
    });

    it('records expert interest once for pending or verified evaluators', async () => {
      const outsider = await signIn(runtime, 'outsider@example.com');
      const interest = (who: SignedIn) =>
        api.send({ method: 'POST', url: '/api/v1/evaluator/express-expert-interest', headers: who.headers });
      expect((await interest(outsider)).statusCode).toBe(409);
      const person = await signIn(runtime, 'interest@example.com');
      await apply(person, { application_method: 'indeed', indeed_url: 'https://indeed.com/r/interest' });
      const first = await interest(person);
      expect(first.statusCode).toBe(201);
      expect((await status(person)).expert_tier_interest_expressed).toBe(true);
      const second = await interest(person);
      expect(second.statusCode).toBe(409);
      expect(second.json().detail).toBe('Expert tier interest already expressed');
    });

    it('lets only one of two concurrent applications through', async () => {
      const person = await signIn(runtime, 'race@example.com');
      const replies = await Promise.all(
        [1, 2, 3].map((n) =>
          apply(person, { application_method: 'indeed', indeed_url: `https://indeed.com/r/race${n}` }),
        ),
      );
      expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
      expect(await runtime.store.readStream(`evaluator-${person.userId}`)).toHaveLength(1);
    });
  });
}
