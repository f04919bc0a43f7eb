import { api, apiCall, apiDownload } from './client';
import type { Body, Query } from './paths';

/** The analytics and billing domain: spending and earnings figures, exports, invoices. */

const loading = { action: 'loading analytics' };

export function getSpendingAnalytics(query: Query<'/api/v1/analytics/spending/'>) {
  return apiCall(loading, (init) => api.GET('/api/v1/analytics/spending/', { ...init, params: { query } }));
}

export function getSpendingSummary() {
  return apiCall(loading, (init) => api.GET('/api/v1/analytics/spending/summary', init));
}

export function getEarningsAnalytics(query: Query<'/api/v1/analytics/earnings/'>) {
  return apiCall(loading, (init) => api.GET('/api/v1/analytics/earnings/', { ...init, params: { query } }));
}

export function getEarningsSummary() {
  return apiCall(loading, (init) => api.GET('/api/v1/analytics/earnings/summary', init));
}

export type ExportRequest = Body<'/api/v1/analytics/spending/export', 'post'>;

export function exportAnalytics(
  kind: 'spending' | 'earnings',
  body: ExportRequest,
  action = 'exporting analytics',
) {
  return apiCall({ action }, (init) =>
    api.POST(
      kind === 'spending' ? '/api/v1/analytics/spending/export' : '/api/v1/analytics/earnings/export',
      {
        ...init,
        body,
      },
    ),
  );
}

export function getSpendingBilling() {
  return apiCall({ action: 'loading billing' }, (init) => api.GET('/api/v1/billing/summary/spending', init));
}

export function getEarningBilling() {
  return apiCall({ action: 'loading billing' }, (init) => api.GET('/api/v1/billing/summary/earning', init));
}

export function listInvoices() {
  return apiCall({ action: 'loading invoices' }, (init) => api.GET('/api/v1/billing/invoices', init));
}

export function downloadInvoice(invoiceId: string, fileName: string) {
  return apiDownload(
    `/api/v1/billing/invoices/${encodeURIComponent(invoiceId)}/download`,
    fileName,
    'downloading the invoice',
  );
}
