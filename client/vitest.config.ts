import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  plugins: [react({ jsxImportSource: '@emotion/react' })],
  resolve: {
    // One graphql module for everyone (see ARCHITECTURE "Known traps": two realms break instanceof checks).
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
    // @slipway/domain from its TypeScript source, not its build.
    conditions: ['source', ...defaultClientConditions],
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'vite-plugins/**/*.test.ts', '../scripts/**/*.test.mjs'],
    restoreMocks: true,
    // jsdom renders of whole pages take seconds on a busy 2-core machine: vitest's 5-s default failed one in CI,
    // and 20 s failed whole pages under a load of 13. A timeout bounds a hung test; it asserts no speed.
    testTimeout: 60_000,
  },
});
