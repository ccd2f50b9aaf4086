import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { describe, expect, it } from 'vitest';
import { commandFailureText } from './command-failure';

const SUGGESTIONS = [
  '',
  'Suggestions:',
  '  • Check the command spelling',
  "  • Type 'help' to see all available commands",
  '  • Use Tab to autocomplete commands',
  '  • Ensure you have the necessary permissions',
].join('\n');

const serverError = (status: number, body: unknown) =>
  new ServerError('Response not successful', { response: new Response(null, { status }), bodyText: JSON.stringify(body) });

describe('commandFailureText (spec section 8)', () => {
  it.each([
    ["the GraphQL error's message", new CombinedGraphQLErrors({ errors: [{ message: 'Command is required' }] }), 'Command is required'],
    ["the server's error field", serverError(429, { error: 'Too many requests' }), 'Too many requests'],
    ["the error's own message", new TypeError('Failed to fetch'), 'Failed to fetch'],
    ["'Unknown error' for an error without a message", new Error(''), 'Unknown error'],
    ["'Unknown error' for no error at all", undefined, 'Unknown error'],
  ])('prints %s, then the suggestions', (_case, error, message) => {
    expect(commandFailureText(error)).toBe(`Error executing command: ${message}\n${SUGGESTIONS}`);
  });
});
