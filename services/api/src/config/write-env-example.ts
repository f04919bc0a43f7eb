// `npm run env:example`: rewrites the repository's .env.example from CONFIG_SETTINGS.
import { writeFile } from 'node:fs/promises';
import { renderEnvExample } from './env-example.js';

const target = new URL('../../../../.env.example', import.meta.url);
await writeFile(target, renderEnvExample());
console.log(`Wrote ${target.pathname}`);
