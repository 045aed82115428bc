import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API serves dist/ at every non-/api path (one origin). In `vite` dev
// mode, /api goes to the API on its default port.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    proxy: { '/api': { target: process.env.API_URL ?? 'http://127.0.0.1:5000', changeOrigin: false } },
  },
});
