import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { FORM_ERROR } from 'final-form';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { serverErrorField, serverSubmissionErrors } from './server-field-errors';

const graphQLError = (message: string, extensions: Record<string, unknown>) =>
  new CombinedGraphQLErrors({ errors: [new GraphQLError(message, { extensions })] });
const restError = (status: number, body: unknown) =>
  new ServerError('Response not successful', { response: new Response(null, { status }), bodyText: JSON.stringify(body) });

describe('serverErrorField', () => {
  it('reads extensions.field of a GraphQL error and field of a REST body', () => {
    expect(serverErrorField(graphQLError('Description must be less than 500 characters', { code: 'BAD_USER_INPUT', field: 'description' }))).toBe('description');
    expect(serverErrorField(restError(409, { error: 'Email is already registered', code: 'CONFLICT', field: 'email' }))).toBe('email');
  });

  it('is undefined when the server names no field, whatever the message says', () => {
    expect(serverErrorField(graphQLError('Project name must be at least 2 characters', { code: 'BAD_USER_INPUT' }))).toBeUndefined();
    expect(serverErrorField(restError(500, { error: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' }))).toBeUndefined();
    expect(serverErrorField(new Error('Project name is required'))).toBeUndefined();
  });
});

describe('serverSubmissionErrors', () => {
  const fields = ['name', 'description', 'repositoryUrl'];

  it('puts the message under the field the server names', () => {
    const error = graphQLError('A project named "api" already exists', { code: 'CONFLICT', reason: 'PROJECT_NAME_TAKEN', field: 'name' });
    expect(serverSubmissionErrors(error, fields, 'Failed')).toEqual({ name: 'A project named "api" already exists' });
  });

  it("uses the form's error for a field the form does not have, or none", () => {
    expect(serverSubmissionErrors(graphQLError('Tags must be at most 50 characters', { field: 'tags' }), fields, 'Failed')).toEqual({
      [FORM_ERROR]: 'Tags must be at most 50 characters',
    });
    expect(serverSubmissionErrors(graphQLError('', {}), fields, 'Failed to update project')).toEqual({ [FORM_ERROR]: 'Failed to update project' });
  });
});
