import { ApolloLink } from '@apollo/client';
import { PersistedQueryLink } from '@apollo/client/link/persisted-queries';
import type { DocumentNode } from 'graphql';

/**
 * Trusted documents: codegen embeds each operation's SHA-256 in its document (`__meta__.hash`, 'sha256:<hex>')
 * and lists the texts for the server. Operations with a hash send it instead of their text (Apollo's
 * persisted-query format); the server answers from its list. A query, carrying nothing but its hash and its
 * variables, goes as a GET (the server then has no body to read); mutations stay POSTs. If the server does not
 * know a hash (it runs another build of the client), the link sends whole documents, by POST, from then on.
 */
export function documentHash(document: DocumentNode): string | undefined {
  const hash = (document as DocumentNode & { __meta__?: { hash?: unknown } }).__meta__?.hash;
  return typeof hash === 'string' ? hash.replace(/^sha256:/, '') : undefined;
}

export function trustedDocumentsLink(): ApolloLink {
  const persisted = new PersistedQueryLink({
    generateHash: (document) => documentHash(document) ?? '',
    useGETForHashedQueries: true,
    disable: ({ meta }) => meta.persistedQueryNotFound || meta.persistedQueryNotSupported,
  });
  return ApolloLink.split(({ query }) => documentHash(query) !== undefined, persisted);
}
