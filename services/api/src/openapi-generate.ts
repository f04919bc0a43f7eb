/**
 * `npm run openapi:generate`: writes the document the API serves to packages/api-client/openapi.json
 * and regenerates the typed client's types (packages/api-client/src/schema.ts) from it. Run it
 * after changing a route or a contract; a test fails while the committed files are stale.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { clientTypesText, documentText, DOCUMENT_FILE, TYPES_FILE } from './http/openapi/client-types.js';
import { servedOpenApiDocument } from './http/openapi/served-document.js';

const document = await servedOpenApiDocument();
await writeFile(DOCUMENT_FILE, documentText(document));
await writeFile(TYPES_FILE, await clientTypesText(document));
console.log(`Wrote ${fileURLToPath(DOCUMENT_FILE)} and ${fileURLToPath(TYPES_FILE)}`);
