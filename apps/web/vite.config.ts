import type { IncomingMessage } from 'node:http';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { firstJavaScriptBudget } from './build/first-javascript';

/** The API server the dev server forwards to (apps/server listens on 3000 by default). */
const apiTarget = process.env.VITE_API_PROXY_TARGET ?? 'http://localhost:3000';

const toApi: ProxyOptions = { target: apiTarget };

/**
 * /login, /reset-password/:token … are SPA pages on GET and API endpoints on POST: only non-GET
 * requests go to the server; a GET falls back to index.html so the router renders the page.
 */
const toApiUnlessGet: ProxyOptions = {
  target: apiTarget,
  bypass: (req: IncomingMessage) =>
    req.method === 'GET' || req.method === 'HEAD' ? '/index.html' : undefined,
};

export default defineConfig({
  plugins: [react(), firstJavaScriptBudget()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React and the router load with every page and change only on upgrades: their own chunks keep
        // the entry small and stable, and stay cached across releases. Everything else splits as usual.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': toApi,
      '/sanctum': toApi,
      // the test payment gateway's hosted page and the uploaded images are served by the server
      '/payments': toApi,
      '/uploads': toApi,
      '^/(login|logout|register|forgot-password|reset-password)(/.*)?$': toApiUnlessGet,
    },
  },
});
