/** Where the API serves the staff console (vite.config.ts `base`). */
export const CONSOLE_BASE = '/admin/';

/**
 * The console routes after the hash (`/admin/#/evaluator-applications`), but the spec's staff URLs
 * are paths (`/admin/evaluator-applications`), which the API answers with the same page. This maps
 * such a path to its hash route, keeping the query; null when the URL needs no change.
 */
export function hashRouteFor(location: { pathname: string; search: string; hash: string }): string | null {
  const { pathname, search, hash } = location;
  if (!pathname.startsWith(CONSOLE_BASE)) return null;
  const route = pathname.slice(CONSOLE_BASE.length).replace(/\/+$/, '');
  if (route === '' || route === 'index.html') return null;
  // A hash route already chosen wins; the path is only the spec's spelling of one.
  if (hash.startsWith('#/') && hash.length > 2) return `${CONSOLE_BASE}${hash}`;
  return `${CONSOLE_BASE}#/${route}${search}`;
}
