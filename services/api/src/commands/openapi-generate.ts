/**
 * `npm run openapi:generate`: writes the document the API serves to packages/api-client/openapi.json
 * and regenerates the typed client's types (packages/api-client/src/schema.ts) and the route
 * catalogue (docs/routes.md) from it. Run it after changing a route or a contract; a test fails
 * while the committed files are stale.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { clientTypesText, documentText, DOCUMENT_FILE, TYPES_FILE } from '../http/openapi/client-types.js';
import { ROUTE_CATALOGUE_FILE, routeCatalogueText } from '../http/openapi/route-catalogue.js';
import { servedOpenApiDocument } from '../http/openapi/served-document.js';

const document = await servedOpenApiDocument();
await writeFile(DOCUMENT_FILE, documentText(document));
await writeFile(TYPES_FILE, await clientTypesText(document));
await writeFile(
  ROUTE_CATALOGUE_FILE,
  routeCatalogueText(document as unknown as Parameters<typeof routeCatalogueText>[0]),
);
for (const file of [DOCUMENT_FILE, TYPES_FILE, ROUTE_CATALOGUE_FILE])
  console.log(`Wrote ${fileURLToPath(file)}`);
