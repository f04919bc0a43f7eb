import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Built into dist/ and served by the API at /admin (services/api/src/app/consoles.ts); the
// console routes live after the hash (/admin/#/...). `npm run dev` proxies the API on :3000.
export default defineConfig({
  plugins: [react()],
  base: '/admin/',
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 4000 },
});
