import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API's port (PORT) and the staff console's dev server, for `npm run dev`.
const API = `http://localhost:${process.env.PORT ?? '3000'}`;
const ADMIN_DEV = `http://localhost:${process.env.ADMIN_DEV_PORT ?? '5174'}`;

// Built into dist/ and served by the API at /. `npm run dev` serves it with hot reload on :5173,
// proxying /api to the API and /admin (its hot-reload socket included) to the staff console's
// dev server, so both consoles and the API share one origin as they do when built.
export default defineConfig({
  plugins: [react()],
  base: '/',
  server: {
    port: Number(process.env.USER_DEV_PORT ?? 5173),
    strictPort: true,
    proxy: { '/api': API, '/admin': { target: ADMIN_DEV, ws: true } },
  },
  build: { outDir: 'dist', sourcemap: true },
});
