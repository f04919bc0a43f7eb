/**
 * The route catalogue (`docs/routes.md`): one table per domain (the operation's OpenAPI tag) with
 * each route's method and path, who may call it and what it does, written from the served
 * document by `npm run openapi:generate`, so it cannot drift from the routes (a test compares).
 */

interface CatalogueOperation {
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  responses?: Record<string, unknown>;
}

interface CatalogueDocument {
  paths: Record<string, Record<string, CatalogueOperation>>;
}

export const ROUTE_CATALOGUE_FILE = new URL('../../../../../docs/routes.md', import.meta.url);

const HEADER = `# Routes

Generated from the served OpenAPI document by \`npm run openapi:generate\`; do not edit by hand
(\`services/api/test/openapi-contract.int.spec.ts\` fails while it is stale). One table per domain;
the request and reply shapes are in \`/docs\` (Swagger UI) and \`packages/api-client/openapi.json\`;
what each domain's rules are is in \`services/api/README.md\`.

Who: **public** needs nothing (webhooks check Stripe's signature instead); **signed in** needs a
session's bearer token; **admin** a platform admin's; **API key** a project key (\`X-API-Key\`).
Errors lists the statuses other than success the route can answer (401/403 for signed-in routes, 404 with
a path parameter, 409 and 429 on writes, 422 with an input).
`;

/** Who may call an operation, from its security requirement and its path. */
export function callerOf(path: string, operation: CatalogueOperation): string {
  const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
  if (schemes.length === 0) return 'public';
  if (schemes.includes('projectApiKey')) return 'API key';
  return path.startsWith('/api/v1/admin/') ? 'admin' : 'signed in';
}

/** A table cell: one line, pipes escaped, so a summary can never break the table. */
function cell(text: string): string {
  return text.replace(/\s+/g, ' ').replaceAll('|', '\\|').trim();
}

export function routeCatalogueText(document: CatalogueDocument): string {
  const domains = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const domain = operation.tags?.[0] ?? 'other';
      const errors = Object.keys(operation.responses ?? {}).filter((status) => !status.startsWith('2'));
      const row = `| \`${method.toUpperCase()} ${path}\` | ${callerOf(path, operation)} | ${cell(
        operation.summary ?? '',
      )} | ${errors.join(', ')} |`;
      domains.set(domain, [...(domains.get(domain) ?? []), row]);
    }
  }
  const sections = [...domains].map(
    ([domain, rows]) =>
      `## ${domain}\n\n| route | who | what | errors |\n| --- | --- | --- | --- |\n${rows.join('\n')}\n`,
  );
  return `${HEADER}\n${sections.join('\n')}`;
}
