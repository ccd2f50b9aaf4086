import type { CodegenConfig } from '@graphql-codegen/cli';
import { addTypenameToDocument } from '@apollo/client/utilities';
import type { Types } from '@graphql-codegen/plugin-helpers';

/**
 * Client code from schema.graphql and the operations in client/src/**\/*.graphql:
 * typed documents and operation types (client preset) plus one Apollo Client 4 hook per operation
 * (scripts/codegen-apollo-hooks.mjs). `npm run codegen` writes them; `npm run check:generated` fails when stale.
 */
const apolloTypenames: Types.DocumentTransformObject = {
  transform: ({ documents }) => documents.map((source) => ({ ...source, document: source.document && addTypenameToDocument(source.document) })),
};

const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: ['client/src/**/*.graphql'],
  ignoreNoDocuments: true,
  generates: {
    'client/src/generated/': {
      preset: 'client',
      // Trusted documents: each operation's SHA-256 is embedded in its document (sent instead of the text) and
      // persisted-documents.json maps hash -> document for the server. The selections carry __typename exactly
      // where Apollo Client's cache adds it (its own transform), so the stored text is what the client means.
      presetConfig: { fragmentMasking: false, persistedDocuments: { mode: 'embedHashInDocument', hashAlgorithm: 'sha256' } },
      documentTransforms: [apolloTypenames],
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
