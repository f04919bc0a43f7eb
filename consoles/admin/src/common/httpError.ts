/** The API's `{detail}` from a react-admin HttpError, when it has one. */
export function errorDetail(error: unknown): string | null {
  const body = (error as { body?: { detail?: unknown } } | null)?.body;
  const detail = body?.detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail) && detail.length > 0) {
    return detail.map((item) => (item as { msg?: string }).msg ?? JSON.stringify(item)).join('; ');
  }
  return null;
}
