import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';

/** Where the typed client lives: the document it was generated from and its TypeScript types. */
export const API_CLIENT_DIR = new URL('../../../../../packages/api-client/', import.meta.url);
export const DOCUMENT_FILE = new URL('openapi.json', API_CLIENT_DIR);
export const TYPES_FILE = new URL('src/schema.ts', API_CLIENT_DIR);

const HEADER = '// Generated from openapi.json by `npm run openapi:generate`; do not edit by hand.\n\n';

/** The committed form of the document: stable, readable JSON. */
export function documentText(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** openapi-typescript's `paths`, `components` and `operations` types for openapi-fetch. */
export async function clientTypesText(document: Record<string, unknown>): Promise<string> {
  const ast = await openapiTS(document as unknown as Parameters<typeof openapiTS>[0], {
    // A file (an upload's part, a download) is a Blob in the browser, not a string.
    transform: (schema) =>
      schema.format === 'binary'
        ? ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'))
        : undefined,
  });
  return HEADER + astToString(ast);
}
