import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
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
    // .br and .gz beside each text asset, made once here; the server sends whichever the browser accepts.
    // Brotli quality 5, not the maximum 11: 10 % larger than 11 and still smaller than gzip, but 40 times
    // faster (Monaco's 2.8 MB: 0.4 s instead of 19 s), which keeps the first `npm start` short. gzip, for the
    // few clients without brotli, at zlib's default level 6 rather than the plugin's 9: 0.3 % larger, 40 % less
    // time (the plugin compresses one file at a time on a 2-core machine, at the end of the build).
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
        defineAlgorithm('gzip', { level: constants.Z_DEFAULT_COMPRESSION }),
      ],
      threshold: 1024,
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
    // The listing's gzip column would gzip every chunk once more, only to print it: the compression plugin
    // lists the .gz and .br files it writes, and bundleBudget reports the sizes that count.
    reportCompressedSize: false,
  },
});
