import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API serves dist/ at every non-/api path (one origin). In `vite` dev
// mode, /api goes to the API on its default port.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        // Libraries change less often than our code: in chunks of their own
        // they stay cached across deploys.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (id.includes('/firebase/') || id.includes('/@firebase/')) return 'firebase';
          if (/\/(react|react-dom|react-router|react-router-dom|scheduler)\//.test(id)) return 'react';
          return 'vendor';
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: process.env.API_URL ?? 'http://127.0.0.1:5000', changeOrigin: false } },
  },
});
