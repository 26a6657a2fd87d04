import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const API = 'http://127.0.0.1:8080';

export default defineConfig({
  // Pre-compressed .gz and .br copies: the server sends them to browsers that accept them.
  plugins: [react(), compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024 })],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API },
      '/socket.io': { target: API, ws: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: API },
      '/socket.io': { target: API, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json maps each route chunk to its imports (used to measure the login route).
    manifest: true,
    chunkSizeWarningLimit: 800,
  },
});
