import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { ApolloServerPlugin } from '@apollo/server';
import { type KeyValueCache, InMemoryLRUCache } from '@apollo/utils.keyvaluecache';
import { GraphQLError } from 'graphql';
import { ErrorCode } from '../common/app-error.js';
import type { GraphQLContext } from './context.js';

/**
 * Trusted documents: codegen writes client/src/generated/persisted-documents.json ('sha256:<hex>' -> document
 * text) and embeds each hash in the client's documents, so the client sends a hash instead of the text (the
 * Apollo persisted-query wire format: extensions.persistedQuery.sha256Hash). The server answers hashes from this
 * manifest. Arbitrary documents (GraphiQL, tool builders) are accepted unless SLIPWAY_TRUSTED_DOCUMENTS_ONLY is set.
 */
export const TRUSTED_ONLY_MESSAGE = 'This server only runs the Slipway client’s own GraphQL documents (SLIPWAY_TRUSTED_DOCUMENTS_ONLY)';
const PREFIX = 'sha256:';

export class TrustedDocuments {
  private constructor(
    private readonly byHash: ReadonlyMap<string, string>,
    /** False: only manifest documents run (the hardening option). */
    readonly acceptArbitrary: boolean,
  ) {}

  /** The manifest in `file`; a missing one is an empty manifest, so the client then sends whole documents. */
  static load(file: string, acceptArbitrary: boolean): TrustedDocuments {
    const manifest = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
    const byHash = new Map(Object.entries(manifest).map(([hash, text]) => [hash.startsWith(PREFIX) ? hash.slice(PREFIX.length) : hash, text]));
    return new TrustedDocuments(byHash, acceptArbitrary);
  }

  get size(): number {
    return this.byHash.size;
  }

  /** The document with this SHA-256 (hex), or undefined. */
  document(sha256Hex: string): string | undefined {
    return this.byHash.get(sha256Hex);
  }

  /** Whether a document with this text or hash may run. */
  allows(sha256Hex: string): boolean {
    return this.acceptArbitrary || this.byHash.has(sha256Hex);
  }

  /**
   * Apollo Server's persisted-query store: manifest documents first; documents other clients register (the
   * automatic persisted-query protocol) only when arbitrary documents are accepted. Apollo prefixes its keys.
   */
  cache(): KeyValueCache<string> {
    const registered = this.acceptArbitrary ? new InMemoryLRUCache<string>({ maxSize: 2 ** 22 }) : null;
    const hashOf = (key: string) => key.slice(key.indexOf(':') + 1);
    return {
      get: async (key) => this.document(hashOf(key)) ?? registered?.get(key),
      set: async (key, value, options) => {
        if (registered && !this.byHash.has(hashOf(key))) await registered.set(key, value, options);
      },
      delete: async (key) => {
        await registered?.delete(key);
      },
    };
  }

  /** Refuses, before it runs, any operation whose document is not in the manifest when only trusted ones may run. */
  plugin(): ApolloServerPlugin<GraphQLContext> {
    return {
      requestDidStart: async () => ({
        didResolveOperation: async ({ queryHash }) => {
          if (!this.allows(queryHash)) throw trustedOnlyError();
        },
      }),
    };
  }

  /** The text a graphql-ws subscribe payload runs: the manifest's for a known hash, else its own query. */
  resolveSubscribe(payload: { query?: string; extensions?: Record<string, unknown> | null }): string {
    const hash = persistedHash(payload.extensions);
    const known = hash ? this.document(hash) : undefined;
    if (known) return known;
    const query = payload.query ?? '';
    if (!this.allows(sha256Hex(query))) throw trustedOnlyError();
    return query;
  }
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function persistedHash(extensions: Record<string, unknown> | null | undefined): string | undefined {
  const persisted = extensions?.persistedQuery as { sha256Hash?: unknown } | undefined;
  return typeof persisted?.sha256Hash === 'string' ? persisted.sha256Hash : undefined;
}

function trustedOnlyError(): GraphQLError {
  return new GraphQLError(TRUSTED_ONLY_MESSAGE, { extensions: { code: ErrorCode.BadUserInput, http: { status: 400 } } });
}
