import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAuthProvider } from '../src/providers/authProvider';
import { createDataProvider } from '../src/providers/dataProvider';
import {
  ACCESS_DENIED,
  NOT_AUTHENTICATED,
  SESSION_KEY,
  Session,
  tokenFromInput,
  type SessionStore,
} from '../src/providers/session';

interface Seen {
  method: string;
  url: string;
  authorization?: string;
  body: unknown;
}

type Handler = (request: Seen) => { status?: number; body?: unknown; headers?: Record<string, string> };

/** A loopback stand-in for the API: records every request, answers from `routes`. */
let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
let routes: Record<string, Handler> = {};

function readBody(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => resolve(text ? JSON.parse(text) : undefined));
  });
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const entry: Seen = {
      method: request.method!,
      url: request.url!,
      authorization: request.headers.authorization,
      body: await readBody(request),
    };
    seen.push(entry);
    const path = entry.url.split('?')[0]!;
    const handler = routes[`${entry.method} ${path}`];
    const reply = handler ? handler(entry) : { status: 404, body: { detail: 'Not Found' } };
    response.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
    response.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

class MemoryStore implements SessionStore {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const NOW_S = 1_800_000_000;
function sessionReply(isAdmin: boolean, access = 'access-1', refresh = 'refresh-1', expiresAt = NOW_S + 900) {
  return {
    access_token: access,
    refresh_token: refresh,
    token_type: 'bearer',
    expires_at: expiresAt,
    expires_in: 900,
    user: { id: 'u_1', email: 'boss@example.com', full_name: 'Boss Person', is_admin: isAdmin },
  };
}

let store: MemoryStore;
let now: number;
let session: Session;

beforeEach(() => {
  seen = [];
  routes = {};
  store = new MemoryStore();
  now = NOW_S * 1000;
  session = new Session({ apiUrl: baseUrl, storage: store, now: () => now });
});

describe('authProvider', () => {
  it('signs an admin in with the token from a pasted link and reports admin permissions', async () => {
    routes['POST /api/v1/auth/verify'] = () => ({ body: sessionReply(true) });
    const auth = createAuthProvider(session);
    await auth.login({ token: `${baseUrl}/auth/callback?token=tok%2D1` });
    expect(seen[0]).toMatchObject({ url: '/api/v1/auth/verify', body: { token: 'tok-1' } });
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    await expect(auth.getPermissions!({})).resolves.toBe('admin');
    await expect(auth.getIdentity!()).resolves.toEqual({ id: 'u_1', fullName: 'Boss Person' });
  });

  it("takes the token of react-admin's /#/auth-callback route", async () => {
    routes['POST /api/v1/auth/verify'] = () => ({ body: sessionReply(true) });
    const auth = createAuthProvider(session, () => 'http://host/admin/#/auth-callback?token=abc');
    await expect(auth.handleCallback!()).resolves.toEqual({ redirectTo: '/' });
    expect(seen[0]!.body).toEqual({ token: 'abc' });
    expect(store.getItem(SESSION_KEY)).not.toBeNull();
  });

  it('refuses a person without the admin role with the spec message and ends their session', async () => {
    routes['POST /api/v1/auth/verify'] = () => ({ body: sessionReply(false, 'plain-access') });
    routes['POST /api/v1/auth/logout'] = () => ({ status: 204 });
    const auth = createAuthProvider(session);
    await expect(auth.login({ token: 'tok' })).rejects.toThrow(ACCESS_DENIED);
    expect(store.items.size).toBe(0);
    expect(seen.map((request) => [request.url, request.authorization])).toEqual([
      ['/api/v1/auth/verify', undefined],
      ['/api/v1/auth/logout', 'Bearer plain-access'],
    ]);
    await expect(auth.getPermissions!({})).resolves.toBeNull();
  });

  it('passes on the API refusal of a used or expired link', async () => {
    routes['POST /api/v1/auth/verify'] = () => ({
      status: 400,
      body: { detail: 'This sign-in link is invalid or has expired. Please request a new one.' },
    });
    const auth = createAuthProvider(session);
    await expect(auth.login({ token: 'old' })).rejects.toThrow('This sign-in link is invalid or has expired');
    await expect(auth.login({ token: '   ' })).rejects.toThrow(NOT_AUTHENTICATED);
  });

  it('rejects checkAuth when signed out, and checkError on 401 and 403 only', async () => {
    const auth = createAuthProvider(session);
    await expect(auth.checkAuth({})).rejects.toEqual({ message: false });
    store.setItem(SESSION_KEY, JSON.stringify(sessionReply(true)));
    await expect(auth.checkError({ status: 500 })).resolves.toBeUndefined();
    await expect(auth.checkError({ status: 404 })).resolves.toBeUndefined();
    await expect(auth.checkError({ status: 403 })).rejects.toThrow(ACCESS_DENIED);
    expect(store.items.size).toBe(0);
    store.setItem(SESSION_KEY, JSON.stringify(sessionReply(true)));
    await expect(auth.checkError({ status: 401 })).rejects.toThrow(NOT_AUTHENTICATED);
    expect(store.items.size).toBe(0);
  });

  it('refreshes an expiring access token once for concurrent callers', async () => {
    store.setItem(SESSION_KEY, JSON.stringify(sessionReply(true, 'old', 'refresh-1', NOW_S + 10)));
    routes['POST /api/v1/auth/refresh'] = () => ({
      body: sessionReply(true, 'new', 'refresh-2', NOW_S + 900),
    });
    const tokens = await Promise.all([session.accessToken(), session.accessToken(), session.accessToken()]);
    expect(tokens).toEqual(['new', 'new', 'new']);
    expect(seen.filter((request) => request.url === '/api/v1/auth/refresh')).toHaveLength(1);
    expect(seen[0]!.body).toEqual({ refresh_token: 'refresh-1' });
    expect(JSON.parse(store.getItem(SESSION_KEY)!).refresh_token).toBe('refresh-2');
  });

  it('signs out when the refresh is refused', async () => {
    store.setItem(SESSION_KEY, JSON.stringify(sessionReply(true, 'old', 'stolen', NOW_S - 1)));
    routes['POST /api/v1/auth/refresh'] = () => ({ status: 401, body: { detail: 'Session revoked' } });
    const auth = createAuthProvider(session);
    await expect(auth.checkAuth({})).rejects.toThrow(NOT_AUTHENTICATED);
    expect(store.items.size).toBe(0);
  });

  it('logs out through the API with the bearer token', async () => {
    store.setItem(SESSION_KEY, JSON.stringify(sessionReply(true, 'live')));
    routes['POST /api/v1/auth/logout'] = () => ({ status: 204 });
    await createAuthProvider(session).logout({});
    expect(seen).toMatchObject([{ url: '/api/v1/auth/logout', authorization: 'Bearer live' }]);
    expect(store.items.size).toBe(0);
  });

  it('reads a token from a link, a bare token, or neither', () => {
    expect(tokenFromInput(' https://x.test/auth/callback?token=a-b_c ')).toBe('a-b_c');
    expect(tokenFromInput('http://x/admin/#/auth-callback?token=t1&x=2')).toBe('t1');
    expect(tokenFromInput('bare_Token-1')).toBe('bare_Token-1');
    expect(tokenFromInput('not a token')).toBeNull();
    expect(tokenFromInput('')).toBeNull();
  });
});

describe('dataProvider', () => {
  beforeEach(() => {
    store.setItem(SESSION_KEY, JSON.stringify(sessionReply(true, 'admin-access')));
  });

  it('lists in ra-data-simple-rest form with the bearer token and Content-Range total', async () => {
    routes['GET /api/v1/admin/users'] = () => ({
      body: [{ id: 'u_2', email: 'a@example.com' }],
      headers: { 'content-range': 'users 0-0/7' },
    });
    const result = await createDataProvider(session).getList('users', {
      pagination: { page: 2, perPage: 5 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: { q: 'ada' },
    });
    expect(result).toEqual({ data: [{ id: 'u_2', email: 'a@example.com' }], total: 7 });
    const query = new URL(seen[0]!.url, baseUrl).searchParams;
    expect(JSON.parse(query.get('sort')!)).toEqual(['created_at', 'DESC']);
    expect(JSON.parse(query.get('range')!)).toEqual([5, 9]);
    expect(JSON.parse(query.get('filter')!)).toEqual({ q: 'ada' });
    expect(seen[0]!.authorization).toBe('Bearer admin-access');
  });

  it('pages on without a total where the API counted only so far (Content-Range ends in *)', async () => {
    routes['GET /api/v1/admin/transactions'] = () => ({
      body: [{ id: 't_9' }, { id: 't_8' }],
      headers: { 'content-range': 'transactions 40-41/*' },
    });
    const provider = createDataProvider(session);
    const deep = await provider.getList('transactions', {
      pagination: { page: 21, perPage: 2 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: {},
    });
    expect(deep).toEqual({
      data: [{ id: 't_9' }, { id: 't_8' }],
      pageInfo: { hasNextPage: true, hasPreviousPage: true },
      total: undefined,
    });
    const ofPerson = await provider.getManyReference('transactions', {
      target: 'user_id',
      id: 'u_1',
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'global_position', order: 'DESC' },
      filter: {},
    });
    expect(ofPerson.total).toBeUndefined();
    expect(ofPerson.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false });
  });

  it('pages lists by keyset: page n + 1 after page n, back by the kept cursor, reset by a filter', async () => {
    routes['GET /api/v1/admin/events'] = (request) => {
      const after = new URL(request.url, baseUrl).searchParams.get('after');
      const pages: Record<string, [number[], string | undefined]> = {
        '': [[9, 8], 'c-8'],
        'c-8': [[7, 6], 'c-6'],
        'c-6': [[5], undefined],
      };
      const [ids, next] = pages[after!]!;
      return {
        body: ids.map((id) => ({ id })),
        headers: { 'x-has-next-page': String(Boolean(next)), ...(next ? { 'x-next-cursor': next } : {}) },
      };
    };
    const provider = createDataProvider(session);
    const list = (page: number, filter: object = {}) =>
      provider.getList('events', {
        pagination: { page, perPage: 2 },
        sort: { field: 'global_position', order: 'DESC' },
        filter,
      });
    const ids = (result: { data: Array<{ id: unknown }> }) => result.data.map((row) => row.id);
    const first = await list(1);
    expect(ids(first)).toEqual([9, 8]);
    expect(first).toMatchObject({ pageInfo: { hasNextPage: true, hasPreviousPage: false } });
    expect(first.total).toBeUndefined();
    expect(ids(await list(2))).toEqual([7, 6]);
    const last = await list(3);
    expect(ids(last)).toEqual([5]);
    expect(last.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: true });
    // The last page knows the count: two full pages of two, then one.
    expect(last.total).toBe(5);
    expect(ids(await list(2))).toEqual([7, 6]);
    const asked = seen.map((request) => new URL(request.url, baseUrl).searchParams);
    expect(asked.map((query) => query.get('after'))).toEqual(['', 'c-8', 'c-6', 'c-8']);
    expect(asked.every((query) => query.get('limit') === '2' && !query.has('range'))).toBe(true);
    expect(JSON.parse(asked[0]!.get('sort')!)).toEqual(['global_position', 'DESC']);
    // A new filter forgets the cursors: its first page starts again without one.
    await list(1, { type: 'UserSignedIn' });
    const filtered = new URL(seen.at(-1)!.url, baseUrl).searchParams;
    expect(filtered.get('after')).toBe('');
    expect(JSON.parse(filtered.get('filter')!)).toEqual({ type: 'UserSignedIn' });
  });

  it('gets many with a filter of ids', async () => {
    routes['GET /api/v1/admin/users'] = () => ({
      body: [{ id: 'a' }, { id: 'b' }],
      headers: { 'content-range': 'users 0-1/2' },
    });
    await createDataProvider(session).getMany('users', { ids: ['a', 'b'] });
    expect(JSON.parse(new URL(seen[0]!.url, baseUrl).searchParams.get('filter')!)).toEqual({
      id: ['a', 'b'],
    });
  });

  it("offers accounts by their owner's name, and names a chosen account read back by its id", async () => {
    const rita = { id: 'u_r', email: 'rita@example.com', first_name: 'Rita', last_name: 'Quester' };
    routes['GET /api/v1/admin/users'] = () => ({
      body: [rita],
      headers: { 'content-range': 'users 0-0/1' },
    });
    const provider = createDataProvider(session);
    const found = await provider.getList('accounts', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: { q: ' rita ' },
    });
    expect(found.data).toEqual([
      { id: 'spending:u_r', name: 'Spending of Rita Quester (rita@example.com)' },
      { id: 'earning:u_r', name: 'Earning of Rita Quester (rita@example.com)' },
    ]);
    expect(JSON.parse(new URL(seen[0]!.url, baseUrl).searchParams.get('filter')!)).toEqual({ q: 'rita' });

    // A platform account is found by its id.
    seen = [];
    const platform = await provider.getList('accounts', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: { q: 'fee' },
    });
    expect(platform.data.filter((choice) => choice.id.startsWith('platform:'))).toEqual([
      { id: 'platform:fees', name: 'platform:fees' },
    ]);

    // The filter's value from the URL: the owner is read by id; a platform account keeps its id.
    seen = [];
    const named = await provider.getMany('accounts', { ids: ['earning:u_r', 'platform:stripe'] });
    expect(named.data).toEqual([
      { id: 'earning:u_r', name: 'Earning of Rita Quester (rita@example.com)' },
      { id: 'platform:stripe', name: 'platform:stripe' },
    ]);
    expect(JSON.parse(new URL(seen[0]!.url, baseUrl).searchParams.get('filter')!)).toEqual({ id: ['u_r'] });
  });

  it('creates an adjustment by POST and returns the record with its id', async () => {
    routes['POST /api/v1/admin/adjustments'] = (request) => ({
      status: 201,
      body: { id: 'adj_1', ...(request.body as object) },
    });
    const { data } = await createDataProvider(session).create('adjustments', {
      data: { user_id: 'u_2', context: 'spending', amount_credits: 500, reason: 'Goodwill' },
    });
    expect(data).toMatchObject({ id: 'adj_1', reason: 'Goodwill' });
    expect(seen[0]!.body).toEqual({
      user_id: 'u_2',
      context: 'spending',
      amount_credits: 500,
      reason: 'Goodwill',
    });
  });

  it('approves and rejects applications, and user actions, on their own routes', async () => {
    const application = { id: 'u_3', user_id: 'u_3', evaluator_status: 'verified' };
    routes['POST /api/v1/admin/evaluator/approve/u_3'] = () => ({
      body: { message: 'Application approved', application },
    });
    routes['POST /api/v1/admin/evaluator/reject/u_4'] = () => ({
      status: 409,
      body: { detail: 'Only pending applications can be reviewed' },
    });
    routes['POST /api/v1/admin/users/u_3/grant-admin'] = () => ({ body: { id: 'u_3', is_admin: true } });
    const provider = createDataProvider(session);
    await expect(provider.approveApplication('u_3', 'expert')).resolves.toEqual(application);
    expect(seen[0]!.body).toEqual({ qualification_tier: 'expert' });
    const failure = await provider
      .rejectApplication('u_4', 'Not enough evidence')
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({
      status: 409,
      body: { detail: 'Only pending applications can be reviewed' },
    });
    expect(seen[1]!.body).toEqual({ rejection_reason: 'Not enough evidence' });
    await expect(provider.userAction('u_3', 'grant-admin')).resolves.toMatchObject({ is_admin: true });
  });

  it('shows refunds as a view over PurchaseRefunded events', async () => {
    routes['GET /api/v1/admin/events'] = () => ({
      body: [
        {
          id: 9,
          global_position: 9,
          stream_id: 'purchase-p1',
          recorded_at: '2026-01-01T00:00:00.000Z',
          payload: { refund_id: 're_1', purchase_id: 'p1', user_id: 'u_1', refunded_credits: 5000 },
        },
      ],
      headers: { 'x-has-next-page': 'false' },
    });
    const { data, total, pageInfo } = await createDataProvider(session).getList('refunds', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'DESC' },
      filter: {},
    });
    expect(total).toBe(1);
    expect(pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: false });
    expect(data[0]).toMatchObject({
      id: 9,
      refund_id: 're_1',
      refunded_credits: 5000,
      stream_id: 'purchase-p1',
    });
    expect(JSON.parse(new URL(seen[0]!.url, baseUrl).searchParams.get('filter')!)).toEqual({
      type: 'PurchaseRefunded',
    });
  });

  it('reads every page of a filtered list for exports', async () => {
    const all = Array.from({ length: 1203 }, (_, index) => ({ id: index + 1 }));
    routes['GET /api/v1/admin/events'] = (request) => {
      // Keyset pages: this stand-in's cursor is the index of the next record.
      const query = new URL(request.url, baseUrl).searchParams;
      const start = Number(query.get('after') || 0);
      const end = start + Number(query.get('limit'));
      const next: Record<string, string> =
        end < all.length ? { 'x-has-next-page': 'true', 'x-next-cursor': String(end) } : {};
      return { body: all.slice(start, end), headers: { 'x-has-next-page': 'false', ...next } };
    };
    const records = await createDataProvider(session).getAll('events', { type: 'CreditsAdjusted' });
    expect(records).toHaveLength(1203);
    expect(seen).toHaveLength(3);
    expect(JSON.parse(new URL(seen[0]!.url, baseUrl).searchParams.get('filter')!)).toEqual({
      type: 'CreditsAdjusted',
    });
  });

  it('hands 401 and 403 to checkError with their status', async () => {
    routes['GET /api/v1/admin/users'] = () => ({ status: 403, body: { detail: ACCESS_DENIED } });
    const failure = await createDataProvider(session)
      .getList('users', {
        pagination: { page: 1, perPage: 5 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 403, body: { detail: ACCESS_DENIED } });
    await expect(createAuthProvider(session).checkError(failure)).rejects.toThrow(ACCESS_DENIED);
  });
});
