import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];

const serviceDir = path.dirname(fileURLToPath(import.meta.url));
const sourceDir = path.join(serviceDir, 'src');

/**
 * Bundled workspace code still finds files next to its source. `@evalmarket/db` locates its
 * migrations with `new URL('../migrations/', import.meta.url)`; inside `dist/main.js` that URL
 * would point into `services/api/`. So in every bundled file that does not sit directly in `src/`
 * (whose relative paths already hold from `dist/`), `import.meta.url` becomes the URL of the
 * original file, computed relative to the bundle at run time: the output still works wherever the
 * repository is checked out, as long as `dist/` stays next to the sources it was built from.
 */
const keepImportMetaUrl: EsbuildPlugin = {
  name: 'keep-import-meta-url',
  setup(build) {
    const outDir = path.resolve(
      build.initialOptions.absWorkingDir ?? process.cwd(),
      build.initialOptions.outdir ?? 'dist',
    );
    build.onLoad({ filter: /\.[cm]?tsx?$/ }, async (args) => {
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

export default defineConfig({
  entry: { main: 'src/main.ts', audit: 'src/audit.ts', rebuild: 'src/rebuild.ts', admin: 'src/admin.ts' },
  outDir: 'dist',
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  // Workspace packages export TypeScript sources, so they are compiled into the bundle; every
  // other package (fastify, pg, PGlite with its wasm files) is imported from node_modules.
  noExternal: [/^@evalmarket\//],
  skipNodeModulesBundle: true,
  esbuildPlugins: [keepImportMetaUrl],
});
