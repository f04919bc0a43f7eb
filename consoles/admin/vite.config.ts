import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Libraries in chunks of their own, each under Vite's 500 kB warning: they change less often than
 * the console's code, so a browser keeps them cached across releases, and no one file is the
 * whole console. Order matters: a module goes to the first group it matches, and a group takes the
 * dependencies of its modules along unless an earlier group claimed them.
 */
const VENDOR_CHUNKS: Array<[name: string, packages: RegExp]> = [
  ['react', /\/node_modules\/(react|react-dom|scheduler|react-is)\//],
  // The icons alone grew the MUI chunk past 500 kB once the tie-out and money pages used more.
  ['mui-icons', /\/node_modules\/@mui\/icons-material\//],
  ['mui', /\/node_modules\/(@mui|@emotion|@popperjs|react-transition-group|stylis)\//],
  ['forms', /\/node_modules\/(react-hook-form|react-dropzone|lodash|date-fns|inflection|query-string)\//],
  ['react-admin', /\/node_modules\/(react-admin|ra-[a-z-]+|@tanstack|react-router|react-router-dom)\//],
  [
    'charts',
    /\/node_modules\/(recharts|d3-[a-z-]+|victory-vendor|decimal\.js-light|@reduxjs|immer|redux|reselect|es-toolkit)\//,
  ],
];

// Built into dist/ and served by the API at /admin (services/api/src/app/consoles.ts); the
// console routes live after the hash (/admin/#/...).
export default defineConfig({
  plugins: [react()],
  base: '/admin/',
  // `npm run dev`: reached through the user console's dev server at /admin/ (see its config).
  server: {
    port: Number(process.env.ADMIN_DEV_PORT ?? 5174),
    strictPort: true,
    proxy: { '/api': `http://localhost:${process.env.PORT ?? '3000'}` },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: VENDOR_CHUNKS.map(([name, packages]) => ({ name, test: packages })),
        },
      },
    },
  },
});
