import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.spec.ts', 'test/**/*.spec.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file boots its own Slipway on its own database; two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
