import { createRequire } from 'node:module';
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // Vite would pick graphql's ESM build for our sources while Apollo and graphql-ws load its CommonJS
    // build: two realms, and `instanceof GraphQLError` fails across them. Point everything at one file.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
    // @slipway/domain from its TypeScript source, not its build.
    conditions: ['source', ...defaultServerConditions],
  },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  // The environment vitest loads globalSetup in (test/global-setup.ts migrates the template database).
  environments: { __vitest__: { resolve: { conditions: ['source', ...defaultServerConditions] } } },
  test: {
    include: ['src/**/*.spec.ts', 'test/**/*.spec.ts', 'fakes/**/*.spec.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file boots its own Slipway on its own database; two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
