import { ApolloServer } from '@apollo/server';
import { buildSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GraphQLContext, createContext } from '../context.js';

// Apollo runs each operation on a copy of the context; resolvers read the address through it.
const schema = buildSchema('type Query { ping: String! address: String! }');
const rootValue = { ping: () => 'pong', address: (_: unknown, context: GraphQLContext) => context.clientAddress };
const server = new ApolloServer<GraphQLContext>({ schema, rootValue });

beforeAll(() => server.start());
afterAll(() => server.stop());

async function contextCountingAddressLookups() {
  const lookups: string[] = [];
  const context = await createContext(async () => null, {
    authorization: undefined,
    clientAddress: () => {
      lookups.push('looked up');
      return '203.0.113.7';
    },
  });
  return { context, lookups };
}

async function data(query: string, contextValue: GraphQLContext) {
  const response = await server.executeOperation({ query }, { contextValue });
  if (response.body.kind !== 'single') throw new Error('expected a single result');
  return response.body.singleResult.data;
}

describe('createContext', () => {
  it('works out the client address only for an operation that reads it, once', async () => {
    const { context, lookups } = await contextCountingAddressLookups();
    expect(await data('{ ping }', context)).toEqual({ ping: 'pong' });
    expect(lookups).toEqual([]);

    expect(await data('{ address again: address }', context)).toEqual({ address: '203.0.113.7', again: '203.0.113.7' });
    expect(lookups).toEqual(['looked up']);
  });
});
