import 'reflect-metadata';
import { createServer } from 'node:http';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import type { DocumentNode, GraphQLSchema } from 'graphql';
import { Arg, Authorized, Field, Int, Mutation, ObjectType, Query, Resolver, buildSchema } from 'type-graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, ErrorCode } from '../../common/app-error.js';
import type { User } from '../../modules/users/user.entity.js';
import { Role } from '../../modules/users/user-role.js';
import { createApolloServer } from '../apollo.js';
import { authChecker } from '../auth-checker.js';
import { isCompiled } from '../compiled-execution.js';
import type { GraphQLContext } from '../context.js';
import { formatGraphQLError } from '../format-error.js';
import { TrustedDocuments } from '../trusted-documents.js';

const CREATED = new Date('2026-11-23T10:00:00.000Z');
/** The names `remember` was called with, in order. */
const remembered: string[] = [];

@ObjectType()
class Item {
  @Field(() => String)
  name!: string;

  @Field(() => Date)
  createdAt!: Date;

  /** Never null in the schema, null in the data: the error nulls the nearest nullable parent. */
  @Field(() => String)
  broken!: string | null;
}

@Resolver()
class ItemsResolver {
  @Query(() => [Item])
  items(): Item[] {
    return [{ name: 'one', createdAt: CREATED, broken: 'fine' }];
  }

  @Query(() => Item, { nullable: true })
  brokenItem(): Item {
    return { name: 'two', createdAt: CREATED, broken: null };
  }

  @Authorized()
  @Query(() => String, { nullable: true })
  secret(): string {
    return 'signed in';
  }

  @Authorized(Role.admin)
  @Query(() => String)
  adminSecret(): string {
    return 'admin';
  }

  @Query(() => Int)
  double(@Arg('n', () => Int) n: number): number {
    if (n < 0) throw new AppError(ErrorCode.BadUserInput, 'n must not be negative', { field: 'n' });
    return n * 2;
  }

  @Query(() => String, { nullable: true })
  async crash(): Promise<string> {
    throw new Error('connection refused to 10.0.0.5');
  }

  /** A side effect, then an error: a second run would show twice. */
  @Mutation(() => String, { nullable: true })
  remember(@Arg('name', () => String) name: string): string {
    remembered.push(name);
    throw new AppError(ErrorCode.Conflict, `${name} is taken`, { field: 'name' });
  }
}

const anonymous: GraphQLContext = { user: null, sessionId: null, grant: null, clientAddress: '127.0.0.1' };
const member: GraphQLContext = { user: { id: 'u1', role: Role.user } as User, sessionId: 's1', grant: null, clientAddress: '127.0.0.1' };

let schema: GraphQLSchema;
let compiled: ApolloServer<GraphQLContext>;
let interpreted: ApolloServer<GraphQLContext>;
const documents: DocumentNode[] = [];
/** Operations Apollo executed itself (through the gateway executor): it fires executionDidStart for those only. */
let executedByApollo = 0;

beforeAll(async () => {
  schema = await buildSchema({ resolvers: [ItemsResolver], authChecker, validate: false });
  const lastDocument: ApolloServerPlugin<GraphQLContext> = {
    requestDidStart: async () => ({
      didResolveOperation: async ({ document }) => void documents.push(document),
      executionDidStart: async () => void (executedByApollo += 1),
    }),
  };
  // The server as the app builds it, and graphql-js alone over the same schema and error formatting.
  compiled = createApolloServer(schema, createServer(), TrustedDocuments.load('/nonexistent/manifest.json', true), [lastDocument]);
  interpreted = new ApolloServer<GraphQLContext>({ schema, formatError: formatGraphQLError, includeStacktraceInErrorResponses: false });
  await Promise.all([compiled.start(), interpreted.start()]);
});
afterAll(() => Promise.all([compiled.stop(), interpreted.stop()]));

async function run(server: ApolloServer<GraphQLContext>, query: string, variables: Record<string, unknown> | undefined, context: GraphQLContext, operationName?: string) {
  const response = await server.executeOperation({ query, variables, operationName }, { contextValue: context });
  if (response.body.kind !== 'single') throw new Error('expected a single result');
  return { status: response.http.status ?? 200, body: JSON.parse(JSON.stringify(response.body.singleResult)) };
}

describe('compiled execution (graphql-jit behind Apollo)', () => {
  it.each<[string, string, Record<string, unknown> | undefined, GraphQLContext]>([
    ['data with a custom scalar', '{ items { name createdAt broken } }', undefined, anonymous],
    ['an unauthenticated field (auth checker)', '{ secret double(n: 2) }', undefined, anonymous],
    ['a forbidden non-null field, which nulls the whole result', '{ adminSecret }', undefined, member],
    ['an AppError with a field from a resolver', 'query ($n: Int!) { double(n: $n) }', { n: -1 }, anonymous],
    ['a non-null field that resolves to null', '{ brokenItem { name broken } items { name } }', undefined, anonymous],
    ['an unexpected error, hidden', '{ crash items { name } }', undefined, anonymous],
    ['a variable that does not coerce', 'query ($n: Int!) { double(n: $n) }', { n: 'x' }, anonymous],
    ['a missing variable', 'query ($n: Int!) { double(n: $n) }', {}, anonymous],
  ])('answers %s exactly as graphql-js does, compiled', async (_, query, variables, context) => {
    const expected = await run(interpreted, query, variables, context);
    const actual = await run(compiled, query, variables, context);
    expect(actual).toEqual(expected);
    expect(isCompiled(documents.at(-1)!)).toBe(true);
  });

  it('answers a result without errors from the compiled query, never through Apollo\'s executor', async () => {
    const before = executedByApollo;
    expect(await run(compiled, '{ items { name createdAt } }', undefined, anonymous)).toEqual({
      status: 200,
      body: { data: { items: [{ name: 'one', createdAt: CREATED.toISOString() }] } },
    });
    expect(executedByApollo).toBe(before);
    // With errors, Apollo formats them: the result goes on through its executor.
    await run(compiled, '{ secret }', undefined, anonymous);
    expect(executedByApollo).toBe(before + 1);
  });

  it('runs a mutation whose resolver fails once, and answers its error as graphql-js does', async () => {
    remembered.length = 0;
    const expected = await run(interpreted, 'mutation { remember(name: "a") }', undefined, anonymous);
    const actual = await run(compiled, 'mutation { remember(name: "b") }', undefined, anonymous);
    expect(remembered).toEqual(['a', 'b']);
    expect(actual).toEqual({ ...expected, body: { ...expected.body, errors: [{ ...expected.body.errors[0], message: 'b is taken' }] } });
    expect(actual.body.errors[0].extensions).toEqual({ code: 'CONFLICT', field: 'name' });
    expect(isCompiled(documents.at(-1)!)).toBe(true);
  });

  it('answers an operation name that names no operation of the document as graphql-js does, not with a 500', async () => {
    for (const operationName of ['Missing', '\ud800']) {
      const expected = await run(interpreted, '{ ...Fields } fragment Fields on Query { items { name } }', undefined, anonymous, operationName);
      const actual = await run(compiled, '{ ...Fields } fragment Fields on Query { items { name } }', undefined, anonymous, operationName);
      expect(actual).toEqual(expected);
      expect(actual.status).toBe(400);
    }
  });

  it('answers what a client sees: codes, reasons, fields, locations and paths', async () => {
    expect(await run(compiled, '{ secret double(n: 2) }', undefined, anonymous)).toEqual({
      status: 200,
      body: {
        data: { secret: null, double: 4 },
        errors: [{ message: 'Authentication required', locations: [{ line: 1, column: 3 }], path: ['secret'], extensions: { code: 'UNAUTHENTICATED', reason: 'NOT_SIGNED_IN' } }],
      },
    });
    expect(await run(compiled, 'query ($n: Int!) { double(n: $n) }', { n: -1 }, anonymous)).toEqual({
      status: 200,
      body: { data: null, errors: [{ message: 'n must not be negative', locations: [{ line: 1, column: 20 }], path: ['double'], extensions: { code: 'BAD_USER_INPUT', field: 'n' } }] },
    });
    const badVariable = await run(compiled, 'query ($n: Int!) { double(n: $n) }', { n: 'x' }, anonymous);
    expect(badVariable.status).toBe(400);
    expect(badVariable.body.errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT' });
    expect(await run(compiled, '{ items { createdAt } }', undefined, anonymous)).toEqual({ status: 200, body: { data: { items: [{ createdAt: CREATED.toISOString() }] } } });
  });
});
