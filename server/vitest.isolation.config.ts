import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/** `npm run test:isolation`: the hostile-code suite (test/isolation), on its own: it is not part of `npm run test:server`. */
export default defineConfig({
  ...base,
  test: { ...base.test, include: ['test/isolation/**/*.isolation.ts'], maxWorkers: 1 },
});
