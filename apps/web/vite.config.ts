import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server the dev server (and `vite preview`) forwards `/api` to; API_PORT overrides it. */
const apiTarget = `http://localhost:${process.env.API_PORT ?? '3000'}`;
const proxy = { '/api': { target: apiTarget } };

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy },
  preview: { proxy },
  // The manifest lets scripts/bundle-sizes.mjs add up what each route loads.
  build: { outDir: 'dist', manifest: true },
});
