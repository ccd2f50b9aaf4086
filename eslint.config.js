// One lint configuration for the whole repository: TypeScript rules everywhere, React hooks rules in the client.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'client/src/generated/**', '.data/**', '**/test-results/**', '**/playwright-report/**'],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-console': 'off',
    },
  },
  {
    files: ['server/test/**/*.ts', '**/*.spec.ts', '**/*.spec.tsx', '**/*.test.ts', '**/*.test.tsx', 'client/e2e/**/*.ts', 'scripts/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The job queue port is the one door to pg-boss: features and boot code see define/enqueue only.
    files: ['server/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['server/src/jobs/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'pg-boss', message: 'Use the job queue port in server/src/jobs/.' }] }] },
  },
  {
    files: ['client/**/*.tsx', 'client/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The client shares code with the server only through @slipway/domain, never by reaching into server/.
    files: ['client/**/*.tsx', 'client/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)server/', message: 'The client never imports server code: share it through @slipway/domain.' },
            { group: ['@slipway/server', '@slipway/server/*'], message: 'The client never imports server code: share it through @slipway/domain.' },
          ],
        },
      ],
    },
  },
  {
    // domain/ is imported by both sides as it is: it imports nothing (its tests use vitest only).
    files: ['domain/src/**/*.ts'],
    ignores: ['domain/src/**/*.spec.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!\\./)', message: '@slipway/domain imports nothing outside itself.' }] }] },
  },
);
