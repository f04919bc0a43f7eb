// `npm run build`: bundles the API's commands into dist/ with esbuild (tsup, which wrapped it
// before, is no longer maintained). Run by tsx so this file needs no build of its own.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const serviceDir = path.dirname(fileURLToPath(import.meta.url));
const sourceDir = path.join(serviceDir, 'src');
const outDir = path.join(serviceDir, 'dist');

/** The oldest Node the root package.json's engines accept. */
const NODE_TARGET = 'node20.19';

/**
 * Workspace packages export TypeScript sources, so they are compiled into the bundle; every other
 * package (fastify, pg, PGlite with its wasm files) is imported from node_modules at run time.
 */
const externalNodeModules: Plugin = {
  name: 'external-node-modules',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@evalmarket/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Bundled workspace code still finds files next to its source. `@evalmarket/db` locates its
 * migrations with `new URL('../migrations/', import.meta.url)`; inside `dist/main.js` that URL
 * would point into `services/api/`. So in every bundled file that does not sit directly in `src/`
 * (whose relative paths already hold from `dist/`), `import.meta.url` becomes the URL of the
 * original file, computed relative to the bundle at run time: the output still works wherever the
 * repository is checked out, as long as `dist/` stays next to the sources it was built from.
 */
const keepImportMetaUrl: Plugin = {
  name: 'keep-import-meta-url',
  setup(context) {
    context.onLoad({ filter: /\.[cm]?tsx?$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      if (path.dirname(args.path) === sourceDir) return undefined;
      const contents = await readFile(args.path, 'utf8');
      if (!contents.includes('import.meta.url')) return undefined;
      const relative = path.relative(outDir, args.path).split(path.sep).join('/');
      return {
        contents: contents.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(relative)}, import.meta.url).href`,
        ),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};

await rm(outDir, { recursive: true, force: true });
await build({
  absWorkingDir: serviceDir,
  entryPoints: {
    main: 'src/main.ts',
    audit: 'src/commands/audit.ts',
    rebuild: 'src/commands/rebuild.ts',
    admin: 'src/commands/admin.ts',
    migrate: 'src/commands/migrate.ts',
  },
  outdir: outDir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: NODE_TARGET,
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalNodeModules, keepImportMetaUrl],
});
