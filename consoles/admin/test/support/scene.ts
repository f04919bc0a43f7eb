import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { mailboxLink, type ApiProcess } from '@evalmarket/testkit/e2e';
import type { TSession } from '@evalmarket/contracts';
import type { Page } from 'playwright-core';

export type Call = <T>(path: string, init?: { method?: string; body?: unknown }) => Promise<T>;

async function post(api: ApiProcess, path: string, body: unknown): Promise<unknown> {
  const reply = await fetch(`${api.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!reply.ok) throw new Error(`POST ${path}: ${reply.status} ${await reply.text()}`);
  return reply.json();
}

/** Emails a sign-in link and returns its token, as the staff member would read it. */
export async function signInToken(api: ApiProcess, email: string): Promise<string> {
  await post(api, '/api/v1/auth/magic-link', { email });
  const link = await mailboxLink(api.baseUrl, email, '/auth/callback');
  return new URL(link).searchParams.get('token')!;
}

/** A session for setting the scene through the API, named when asked. */
export async function apiSession(
  api: ApiProcess,
  email: string,
  name?: { first_name: string; last_name: string },
): Promise<TSession & { call: Call }> {
  const token = await signInToken(api, email);
  const session = (await post(api, '/api/v1/auth/verify', { token })) as TSession;
  const call: Call = async <T>(path: string, init: { method?: string; body?: unknown } = {}) => {
    const reply = await fetch(`${api.baseUrl}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        authorization: `Bearer ${session.access_token}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await reply.text();
    if (!reply.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${reply.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  if (name) await call('/api/v1/profile/', { method: 'PUT', body: name });
  return { ...session, call };
}

/** Makes a pending evaluator applicant by the Indeed route. */
export async function applyByIndeed(person: { call: Call }, handle: string): Promise<void> {
  await person.call('/api/v1/evaluator/apply', {
    body: { application_method: 'indeed', indeed_url: `https://www.indeed.com/r/${handle}` },
  });
}

/** Buys credits by card through the API's local Stripe fake, and waits for the credits. */
export async function buyCredits(person: { call: Call }, amountUsd: number): Promise<void> {
  const config = await person.call<{ mode: string; api_base: string; publishable_key: string }>(
    '/api/v1/payments/config',
  );
  if (config.mode !== 'local') throw new Error('expected the local Stripe fake');
  const before = await person.call<{ credits_balance: number }>('/api/v1/wallet/balance');
  const intent = await person.call<{ payment_intent_id: string; client_secret: string }>(
    '/api/v1/wallet/purchase-credits',
    { body: { amount_usd: amountUsd } },
  );
  const confirm = await fetch(`${config.api_base}/v1/payment_intents/${intent.payment_intent_id}/confirm`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${config.publishable_key}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    // Like Stripe.js: a publishable key confirms only with the intent's client secret.
    body: new URLSearchParams({ payment_method: 'pm_card_visa', client_secret: intent.client_secret }),
  });
  if (!confirm.ok) throw new Error(`confirm: ${confirm.status} ${await confirm.text()}`);
  for (let attempt = 0; attempt < 80; attempt += 1) {
    const now = await person.call<{ credits_balance: number }>('/api/v1/wallet/balance');
    if (now.credits_balance > before.credits_balance) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the purchased credits never arrived');
}

/**
 * Signs a person in on the USER console the way they would: the emailed link opens its
 * /auth/callback, which lands on the home page at /.
 */
export async function signInToUserConsole(page: Page, api: ApiProcess, email: string): Promise<void> {
  await post(api, '/api/v1/auth/magic-link', { email });
  const link = await mailboxLink(api.baseUrl, email, '/auth/callback');
  await page.goto(link);
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: 'Sign in' }).waitFor({ state: 'detached' });
}

/** Signs an admin in on the staff console through its auth-callback route. */
export async function signInToStaffConsole(page: Page, api: ApiProcess, email: string): Promise<void> {
  const token = await signInToken(api, email);
  await page.goto(`/admin/#/auth-callback?token=${encodeURIComponent(token)}`);
  await page.getByText('Ledger invariants').waitFor();
}

/**
 * A public evaluation of `owner` with three items at 300 credits a vote: `evaluator` votes on two
 * and holds a claim on the third, so the owner's spending account has reservations, votes and one
 * open reservation. Returns the evaluation's id.
 */
export async function paidEvaluation(
  api: ApiProcess,
  owner: { call: Call },
  evaluator: { call: Call },
  title: string,
): Promise<string> {
  const evaluation = await owner.call<{ id: string }>('/api/v1/jobs', {
    body: { title, model_type: 'gpt-4', visibility_settings: { is_public: true } },
  });
  const key = await owner.call<{ api_key: string; project_id: string }>(
    `/api/v1/evaluations/${evaluation.id}/api-keys`,
    { body: { name: 'ci' } },
  );
  const sent = await fetch(`${api.baseUrl}/api/v1/sdk/items`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key.api_key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      project_id: key.project_id,
      items: ['a', 'b', 'c'].map((id) => ({ id, input: `Question ${id}?`, output: `Answer ${id}.` })),
    }),
  });
  if (sent.status !== 202) throw new Error(`items: ${sent.status} ${await sent.text()}`);
  await owner.call(`/api/v1/projects/${evaluation.id}/evaluation-config`, {
    body: {
      permission_level: 'paid_only',
      credit_rates: { community_rate: 300, expert_rate: 400, custom_rates: [] },
      app_detection: { primary_url: 'https://example.com', access_level: 'public' },
      budget_control: {
        budget_enabled: true,
        max_budget_amount: 10,
        max_evaluations: 50,
        budget_period: 'monthly',
      },
    },
  });
  for (const vote of ['good', 'bad', null] as const) {
    const claim = await evaluator.call<{ assignment_id: string }>('/api/v1/evaluator/assignments', {
      body: { evaluation_id: evaluation.id },
    });
    if (vote) {
      await evaluator.call(`/api/v1/evaluator/assignments/${claim.assignment_id}/vote`, { body: { vote } });
    }
  }
  return evaluation.id;
}

/** The smallest well-formed PDF (as the API's CV check wants): catalog, one page, cross-references. */
export function minimalPdf(): Uint8Array<ArrayBuffer> {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

/** Applies as an evaluator with an uploaded CV; returns the CV's bytes. */
export async function applyWithCv(
  api: ApiProcess,
  person: { access_token: string; call: Call },
): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = minimalPdf();
  const form = new FormData();
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'cv.pdf');
  const reply = await fetch(`${api.baseUrl}/api/v1/evaluator/upload/cv`, {
    method: 'POST',
    headers: { authorization: `Bearer ${person.access_token}` },
    body: form,
  });
  if (reply.status !== 201) throw new Error(`upload: ${reply.status} ${await reply.text()}`);
  const { file_url } = (await reply.json()) as { file_url: string };
  await person.call('/api/v1/evaluator/apply', {
    body: { application_method: 'cv_upload', cv_file_url: file_url },
  });
  return pdf;
}

/**
 * Elements wider than their box at the current viewport: the page itself, or any scroll
 * container whose content is wider than it (a table that needs a sideways scroll).
 */
export async function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) found.push(`page ${root.scrollWidth} > ${root.clientWidth}`);
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const style = getComputedStyle(element);
      if (!['auto', 'scroll'].includes(style.overflowX)) continue;
      if (element.scrollWidth > element.clientWidth + 1) {
        found.push(
          `${element.tagName.toLowerCase()}.${String(element.className).split(' ').slice(0, 2).join('.')} ${element.scrollWidth} > ${element.clientWidth}`,
        );
      }
    }
    return found;
  });
}

/**
 * Words a table shows broken across lines ("Communit / y", "11/27/2 / 026"): each word of a
 * header or cell, shorter than `longest` characters, must sit on one line. Longer tokens (ids,
 * hashes, Stripe ids) and email addresses may break anywhere, which is how a table fits 1280 px.
 */
export async function brokenWords(page: Page, longest = 20): Promise<string[]> {
  return page.evaluate((longest) => {
    const found: string[] = [];
    for (const cell of Array.from(document.querySelectorAll('th, td'))) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          if (match[0].length >= longest || match[0].includes('@')) continue;
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)));
          if (lines.size > 1) found.push(match[0]);
        }
      }
    }
    return found;
  }, longest);
}

/** A PDF's text as poppler's pdftotext lays it out (what a reader of the document sees). */
export async function pdfToText(pdf: Uint8Array | string): Promise<string> {
  if (typeof pdf === 'string') {
    return (await promisify(execFile)('pdftotext', ['-layout', pdf, '-'])).stdout;
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    await writeFile(file, pdf);
    return await pdfToText(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
