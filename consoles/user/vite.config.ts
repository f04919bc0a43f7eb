import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Built into dist/ and served by the API at /. `npm run dev` proxies the API on :3000.
export default defineConfig({
  plugins: [react()],
  base: '/',
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: { outDir: 'dist', sourcemap: true },
});
