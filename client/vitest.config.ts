import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const require = createRequire(import.meta.url);

/** Tests of plain functions and scripts: no DOM, so no jsdom to build for each file (seconds apiece on a busy 2-core machine). */
const NODE_TESTS = [
  'src/**/*.test.ts',
  'vite-plugins/**/*.test.ts',
  '../scripts/**/*.test.mjs',
];
/** Test files of plain functions that still need a browser's globals (window, localStorage). */
const DOM_TS_TESTS = ['src/app/apollo/create-apollo-client.test.ts'];

const shared = {
  plugins: [react({ jsxImportSource: '@emotion/react' })],
  resolve: {
    // One graphql module for everyone (see ARCHITECTURE "Known traps": two realms break instanceof checks).
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
    // @slipway/domain from its TypeScript source, not its build.
    conditions: ['source', ...defaultClientConditions],
  },
  // The same for the tests that run in Node (vitest resolves their imports as for server-side rendering).
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
} satisfies TestProjectInlineConfiguration;

export default defineConfig({
  test: {
    restoreMocks: true,
    // jsdom renders of whole pages take seconds on a busy 2-core machine: vitest's 5-s default failed one in CI,
    // and 20 s failed whole pages under a load of 13. A timeout bounds a hung test; it asserts no speed.
    testTimeout: 60_000,
    projects: [
      {
        ...shared,
        extends: true,
        test: { name: 'dom', environment: 'jsdom', setupFiles: ['./src/test/setup.ts'], include: ['src/**/*.test.tsx', ...DOM_TS_TESTS] },
      },
      {
        ...shared,
        extends: true,
        test: { name: 'node', environment: 'node', include: NODE_TESTS, exclude: DOM_TS_TESTS },
      },
    ],
  },
});
