import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { bundleBudget } from './vite-plugins/bundle-budget.ts';

/** The API (npm run dev -w server) listens on :4000; the dev server forwards /api there, WebSockets included. */
const API_TARGET = process.env.SLIPWAY_API_URL ?? 'http://localhost:4000';

export default defineConfig({
  plugins: [
    react({ jsxImportSource: '@emotion/react' }),
    bundleBudget({
      budgetKb: 150,
      lazyOnly: { name: 'GraphiQL', modules: /[\\/]node_modules[\\/](graphiql|@graphiql|monaco-editor|monaco-graphql)[\\/]/ },
    }),
  ],
  // @slipway/domain from its TypeScript source: the client bundles it without a separate build.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // GraphiQL's editor (Monaco) is large by nature; it only loads on /graphiql.
    chunkSizeWarningLimit: 5000,
  },
});
