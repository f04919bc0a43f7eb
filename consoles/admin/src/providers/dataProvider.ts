import { createApiClient, type JsonReply, type operations } from '@evalmarket/api-client';
import {
  MAX_LEDGER_PAGE,
  type TEvaluatorApplicationItem,
  type TQualificationTier,
} from '@evalmarket/contracts';
import { fetchUtils, HttpError, type DataProvider, type GetListParams } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import {
  accountOwnerId,
  namedAccounts,
  personAccountChoices,
  platformAccountChoices,
} from './accountChoices';
import { createKeysetPages } from './keysetPages';
import { withUnknownTotal } from './unknownTotal';
import type { Session } from './session';

export type UserAction = 'grant-admin' | 'revoke-admin' | 'disable' | 'enable';

/** GET /api/v1/admin/finance/audit, as the API's OpenAPI document describes it. */
export type FinanceAudit = JsonReply<'getAdminFinanceAudit'>;
export type AuditCheck = FinanceAudit['checks'][number];

/** GET /api/v1/admin/finance/summary. */
export type FinanceSummary = JsonReply<'getAdminFinanceSummary'>;

/** GET /api/v1/admin/users/{id}/balances: spending and earning figures of one person. */
export type PersonBalances = JsonReply<'getAdminUsersByIdBalances'>;
/** GET /api/v1/admin/users/{id}/ledger: one page of an account's postings with running balances. */
export type AccountLedger = JsonReply<'getAdminUsersByIdLedger'>;
export type LedgerEntry = AccountLedger['entries'][number];
/** GET /api/v1/admin/events/{id}/links: the people, accounts, evaluation and Stripe objects of an event. */
export type EventLinks = JsonReply<'getAdminEventsByIdLinks'>;
export type AccountContext = 'spending' | 'earning';
/** GET /api/v1/admin/users/{id}/statement: a person's report for a period, with its download links. */
export type PersonStatement = JsonReply<'getAdminUsersByIdStatement'>;
export type StatementReport = PersonStatement['report'];
export type StatementPeriod = NonNullable<
  NonNullable<operations['getAdminUsersByIdStatement']['parameters']['query']>['period']
>;

/** The API's largest ledger page. */
export const LEDGER_PAGE_ROWS = MAX_LEDGER_PAGE;
/** POST /api/v1/admin/purchases/{id}/refund and its reply. */
export type RefundRequest = NonNullable<
  operations['postAdminPurchasesByIdRefund']['requestBody']
>['content']['application/json'];
export type RefundReply = JsonReply<'postAdminPurchasesByIdRefund'>;
/** POST /api/v1/admin/cashouts/{id}/retry. */
export type CashoutRetryReply = JsonReply<'postAdminCashoutsByIdRetry'>;

export interface AdminDataProvider extends DataProvider {
  approveApplication(userId: string, tier: TQualificationTier): Promise<TEvaluatorApplicationItem>;
  rejectApplication(userId: string, reason: string): Promise<TEvaluatorApplicationItem>;
  userAction(userId: string, action: UserAction): Promise<{ id: string }>;
  financeAudit(): Promise<FinanceAudit>;
  financeSummary(): Promise<FinanceSummary>;
  personBalances(userId: string): Promise<PersonBalances>;
  /** Every posting of one account, page by page (keyset), up to `maxEntries`. */
  personLedger(userId: string, context: AccountContext, maxEntries?: number): Promise<LedgerEntry[]>;
  eventLinks(position: number): Promise<EventLinks>;
  /** A person's statement, tax summary, spending report or invoices; links made absolute. */
  personStatement(userId: string, report: StatementReport, period: StatementPeriod): Promise<PersonStatement>;
  /** An uploaded CV (its API path, as in application_data.cv_url), fetched with the bearer token. */
  downloadCv(cvUrl: string): Promise<Blob>;
  /** Refunds a purchase through Stripe; `idempotencyKey` makes a retried click the same refund. */
  refundPurchase(purchaseId: string, body: RefundRequest, idempotencyKey: string): Promise<RefundReply>;
  retryCashout(cashoutId: string): Promise<CashoutRetryReply>;
  /** An invoice's PDF, the same document the buyer downloads. */
  invoicePdf(purchaseId: string): Promise<Blob>;
  /** Every record of a list for the filter, page by page, up to `maxRecords`. */
  getAll(resource: string, filter: Record<string, unknown>, maxRecords?: number): Promise<unknown[]>;
}

/** The API's largest page (services/api/src/admin/ra-list.ts MAX_PAGE_ROWS). */
export const PAGE_ROWS = 500;
export const EXPORT_MAX_RECORDS = 20_000;

/** The event log's Account filter reads its choices from this view over people (accountChoices.ts). */
const ACCOUNTS = 'accounts';
/** How many people one search of the Account filter names (two accounts each). */
const ACCOUNT_SEARCH_PEOPLE = 10;

/** Views over the event log that the API has no list for: refunds are PurchaseRefunded events. */
const EVENT_VIEWS: Record<
  string,
  { type: string; toRecord(event: Record<string, unknown>): Record<string, unknown> }
> = {
  refunds: {
    type: 'PurchaseRefunded',
    toRecord(event) {
      const payload = (event.payload ?? {}) as Record<string, unknown>;
      return {
        ...payload,
        id: event.id,
        global_position: event.global_position,
        recorded_at: event.recorded_at,
        stream_id: event.stream_id,
      };
    },
  },
};

/**
 * One data provider for the staff console: ra-data-simple-rest on /api/v1/admin with the bearer
 * token, lists in keyset pages (./keysetPages.ts: Prev/Next, no total), plus the staff actions that are not CRUD (review, roles, finance checks).
 *
 * Longer than 100 lines on purpose: a factory whose returned methods share the state it closes
 * over (the session and the simple-rest provider it extends); each method is short.
 */
export function createDataProvider(session: Session): AdminDataProvider {
  const apiUrl = `${session.apiUrl}/api/v1/admin`;
  const httpClient = async (url: string, options: fetchUtils.Options = {}) => {
    const token = await session.accessToken();
    return fetchUtils.fetchJson(url, {
      ...options,
      user: { authenticated: Boolean(token), token: `Bearer ${token ?? ''}` },
    });
  };
  const rest = simpleRestProvider(apiUrl, httpClient);
  const keysetPage = createKeysetPages(apiUrl, httpClient);
  // Keyset pages where the list has a cursor for the page; the offset form (with a total) else.
  const listPage = async (resource: string, params: GetListParams) =>
    (await keysetPage(resource, params)) ??
    withUnknownTotal(await rest.getList(resource, params), params.pagination?.page ?? 1);
  // The staff actions that are not CRUD go through the typed client, with the bearer token, and
  // fail with the same HttpError as fetchUtils.fetchJson (react-admin's notifications and
  // authProvider.checkError read its status and body).
  const api = createApiClient({ baseUrl: session.apiUrl, headers: { accept: 'application/json' } });
  api.use({
    async onRequest({ request }) {
      const token = await session.accessToken();
      if (token) request.headers.set('authorization', `Bearer ${token}`);
      return request;
    },
  });
  const call = async <D>(pending: Promise<{ data?: D; error?: unknown; response: Response }>): Promise<D> => {
    const { data, error, response } = await pending;
    if (!response.ok) {
      const body = error as { message?: string } | undefined;
      throw new HttpError(body?.message || response.statusText, response.status, error);
    }
    return data as D;
  };

  // The Account filter's choices: both accounts of the people the search finds by name or email,
  // and the platform accounts whose id matches, so staff pick an account by its owner's name.
  const accountsMatching = async (search: string) => {
    const people = search.trim()
      ? (
          await listPage('users', {
            pagination: { page: 1, perPage: ACCOUNT_SEARCH_PEOPLE },
            sort: { field: 'email', order: 'ASC' },
            filter: { q: search.trim() },
          })
        ).data
      : [];
    return [...personAccountChoices(people), ...platformAccountChoices(search)];
  };

  const provider: AdminDataProvider = {
    ...rest,
    async getManyReference(resource, params) {
      return withUnknownTotal(await rest.getManyReference(resource, params), params.pagination?.page ?? 1);
    },
    async getList(resource, params) {
      if (resource === ACCOUNTS) {
        // The choices are the records of the accounts view (react-admin types them generically).
        const data = (await accountsMatching(String(params.filter?.q ?? ''))) as never[];
        return { data, total: data.length };
      }
      const view = EVENT_VIEWS[resource];
      if (!view) return listPage(resource, params);
      const result = await listPage('events', {
        ...params,
        sort: { field: 'global_position', order: params.sort?.order ?? 'DESC' },
        filter: { ...params.filter, type: view.type },
      });
      return { ...result, data: result.data.map((event) => view.toRecord(event) as typeof event) };
    },
    async getMany(resource, params) {
      if (resource !== ACCOUNTS) return rest.getMany(resource, params);
      const ids = params.ids.map(String);
      const owners = [...new Set(ids.map(accountOwnerId).filter((id): id is string => id !== null))];
      const people = owners.length ? (await rest.getMany('users', { ids: owners })).data : [];
      return { data: namedAccounts(ids, people) as never[] };
    },
    async getOne(resource, params) {
      const view = EVENT_VIEWS[resource];
      if (!view) return rest.getOne(resource, params);
      const { data } = await rest.getOne('events', params);
      return { data: view.toRecord(data) as typeof data };
    },
    async approveApplication(userId, tier) {
      const reply = await call(
        api.POST('/api/v1/admin/evaluator/approve/{user_id}', {
          params: { path: { user_id: userId } },
          body: { qualification_tier: tier },
        }),
      );
      return reply.application;
    },
    async rejectApplication(userId, reason) {
      const reply = await call(
        api.POST('/api/v1/admin/evaluator/reject/{user_id}', {
          params: { path: { user_id: userId } },
          body: { rejection_reason: reason },
        }),
      );
      return reply.application;
    },
    userAction: (userId, action) =>
      call(api.POST(`/api/v1/admin/users/{id}/${action}`, { params: { path: { id: userId } } })),
    financeAudit: () => call(api.GET('/api/v1/admin/finance/audit')),
    financeSummary: () => call(api.GET('/api/v1/admin/finance/summary')),
    personBalances: (userId) =>
      call(api.GET('/api/v1/admin/users/{id}/balances', { params: { path: { id: userId } } })),
    async personLedger(userId, context, maxEntries = EXPORT_MAX_RECORDS) {
      const entries: LedgerEntry[] = [];
      let after: string | undefined;
      do {
        const page = await call(
          api.GET('/api/v1/admin/users/{id}/ledger', {
            params: { path: { id: userId }, query: { context, after, limit: LEDGER_PAGE_ROWS } },
          }),
        );
        entries.push(...page.entries);
        after = page.next_after ?? undefined;
      } while (after && entries.length < maxEntries);
      return entries.slice(0, maxEntries);
    },
    async personStatement(userId, report, period) {
      const statement = await call(
        api.GET('/api/v1/admin/users/{id}/statement', {
          params: { path: { id: userId }, query: { report, period } },
        }),
      );
      return {
        ...statement,
        pdf_url: `${session.apiUrl}${statement.pdf_url}`,
        csv_url: `${session.apiUrl}${statement.csv_url}`,
      };
    },
    eventLinks: (position) =>
      call(api.GET('/api/v1/admin/events/{id}/links', { params: { path: { id: position } } })),
    async downloadCv(cvUrl) {
      const fileId = cvUrl.slice(cvUrl.lastIndexOf('/') + 1);
      return call(
        api.GET('/api/v1/evaluator/cv/{file_id}', {
          params: { path: { file_id: fileId } },
          parseAs: 'blob',
        }),
      );
    },
    refundPurchase: (purchaseId, body, idempotencyKey) =>
      call(
        api.POST('/api/v1/admin/purchases/{id}/refund', {
          params: { path: { id: purchaseId }, header: { 'idempotency-key': idempotencyKey } },
          body,
        }),
      ),
    invoicePdf: (purchaseId) =>
      call(
        api.GET('/api/v1/admin/invoices/{id}/download', {
          params: { path: { id: purchaseId } },
          parseAs: 'blob',
        }),
      ) as Promise<Blob>,
    retryCashout: (cashoutId) =>
      call(api.POST('/api/v1/admin/cashouts/{id}/retry', { params: { path: { id: cashoutId } } })),
    async getAll(resource, filter, maxRecords = EXPORT_MAX_RECORDS) {
      const records: unknown[] = [];
      for (let page = 1; records.length < maxRecords; page += 1) {
        const params: GetListParams = {
          pagination: { page, perPage: PAGE_ROWS },
          sort: { field: 'id', order: 'ASC' },
          filter,
        };
        const { data, total, pageInfo } = await provider.getList(resource, params);
        records.push(...data);
        if (data.length < PAGE_ROWS || pageInfo?.hasNextPage === false) break;
        if (total !== undefined && records.length >= total) break;
      }
      return records.slice(0, maxRecords);
    },
  };
  return provider;
}
