import { GraphQLError } from 'graphql';
import type { MockLink } from '@apollo/client/testing';
import { LoginDocument, MeDocument, type AuthUserFragment } from '../generated/graphql';

export const TEST_USER: AuthUserFragment = {
  __typename: 'User',
  id: '6d1f5a3e-0000-4000-8000-000000000001',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  role: 'user',
  createdAt: '2026-01-02T03:04:05.000Z',
};

/** `me` answering with `user` (the startup check of a stored token). */
export function meMock(user: AuthUserFragment = TEST_USER, delay?: number): MockLink.MockedResponse {
  return { request: { query: MeDocument }, result: { data: { me: user } }, delay };
}

/** A GraphQL error with a code, as the server formats them. */
/** A GraphQL error answer as the server gives it: code, and reason and field when it has them. */
export function graphQLErrorResult(message: string, code: string, details: { reason?: string; field?: string } = {}) {
  return { errors: [new GraphQLError(message, { extensions: { code, ...details } })] };
}

export function meUnauthenticatedMock(): MockLink.MockedResponse {
  return { request: { query: MeDocument }, result: graphQLErrorResult('Authentication required', 'UNAUTHENTICATED') };
}

export function loginMock(
  input: { email: string; password: string },
  outcome: { user?: AuthUserFragment; token?: string; error?: string; delay?: number } = {},
): MockLink.MockedResponse {
  const result = outcome.error
    ? graphQLErrorResult(outcome.error, 'UNAUTHENTICATED')
    : { data: { login: { __typename: 'AuthPayload', token: outcome.token ?? 'token-1', user: outcome.user ?? TEST_USER } } };
  return { request: { query: LoginDocument, variables: { input } }, result, delay: outcome.delay };
}
