import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * Client code from schema.graphql and the operations in client/src/**\/*.graphql:
 * typed documents and operation types (client preset) plus one Apollo Client 4 hook per operation
 * (scripts/codegen-apollo-hooks.mjs). `npm run codegen` writes them; `npm run check:generated` fails when stale.
 */
const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: ['client/src/**/*.graphql'],
  ignoreNoDocuments: true,
  generates: {
    'client/src/generated/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        nonOptionalTypename: true,
        skipTypeNameForRoot: true,
        defaultScalarType: 'unknown',
        scalars: { DateTimeISO: 'string' },
      },
    },
    'client/src/generated/hooks.ts': {
      plugins: ['scripts/codegen-apollo-hooks.mjs'],
      config: { documentsModule: './graphql' },
    },
  },
};

export default config;
