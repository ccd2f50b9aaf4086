// One lint configuration for the whole repository: TypeScript rules everywhere, React hooks rules in the client,
// GraphQL rules for schema.graphql (the API contract) and the client's operations. Which layer may import which is
// dependency-cruiser's (.dependency-cruiser.cjs, `npm run lint:layers`).
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import graphql from '@graphql-eslint/eslint-plugin';
import path from 'node:path';

const graphqlSchemaFile = 'schema.graphql';
const graphqlOperationFiles = 'client/src/**/*.graphql';
/**
 * The parser reads the schema (and, for operations, their sibling documents) from this graphql-config, with
 * absolute paths so that eslint finds them from any directory. The plugin keeps the first config it loads for
 * the whole run, so both GraphQL blocks below share this one.
 */
const graphqlLanguageOptions = {
  parser: graphql.parser,
  parserOptions: {
    graphQLConfig: {
      schema: path.join(import.meta.dirname, graphqlSchemaFile),
      documents: path.join(import.meta.dirname, graphqlOperationFiles),
    },
  },
};
/** The recommended names (types PascalCase, fields and arguments camelCase), enum values aside: see below. */
const { EnumValueDefinition: _upperCaseEnumValues, ...recommendedSchemaNames } =
  graphql.configs['flat/schema-recommended'].rules['@graphql-eslint/naming-convention'][1];

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
    files: ['client/**/*.tsx', 'client/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The API contract as tool builders read it in GraphiQL: every type, field, argument, input field and enum
    // value says what it is. schema.graphql is generated (`npm run schema`): fix findings in the type-graphql code.
    files: [graphqlSchemaFile],
    languageOptions: graphqlLanguageOptions,
    plugins: { '@graphql-eslint': graphql },
    rules: {
      ...graphql.configs['flat/schema-recommended'].rules,
      '@graphql-eslint/require-description': [
        'error',
        { types: true, rootField: true, FieldDefinition: true, InputValueDefinition: true, EnumValueDefinition: true, DirectiveDefinition: true },
      ],
      '@graphql-eslint/naming-convention': [
        'error',
        {
          ...recommendedSchemaNames,
          // Enum values keep their published spelling (renaming one breaks clients): lower-case words joined by
          // underscores, except the two enums whose values are upper-case in the REST API too (keys, ASC/DESC).
          'EnumValueDefinition[parent.name.value!=/^(SettingKey|SortOrder)$/]': 'snake_case',
          'EnumValueDefinition[parent.name.value=/^(SettingKey|SortOrder)$/]': 'UPPER_CASE',
        },
      ],
      // Pages, payloads and results are values without an identity of their own.
      '@graphql-eslint/strict-id-in-types': 'off',
      // Field names follow the spec's data model, which has Version.version_tag and version_number.
      '@graphql-eslint/no-typename-prefix': 'off',
    },
  },
  {
    // The client's operations, checked against schema.graphql: the graphql-js validation rules, plus names.
    files: [graphqlOperationFiles],
    languageOptions: graphqlLanguageOptions,
    plugins: { '@graphql-eslint': graphql },
    rules: graphql.configs['flat/operations-recommended'].rules,
  },
);
