import { apiErrorMessage } from '../../../app/apollo/error-message';

/** What to try next after a failed call, printed under the error (spec section 8). */
export const FAILURE_SUGGESTIONS = [
  'Check the command spelling',
  "Type 'help' to see all available commands",
  'Use Tab to autocomplete commands',
  'Ensure you have the necessary permissions',
] as const;

/**
 * The console's text for a command the server could not run: 'Error executing command: ' with the server's error,
 * else the error's message, else 'Unknown error', followed by the suggestions.
 */
export function commandFailureText(error: unknown): string {
  return [
    `Error executing command: ${apiErrorMessage(error, 'Unknown error')}`,
    '',
    'Suggestions:',
    ...FAILURE_SUGGESTIONS.map((suggestion) => `  • ${suggestion}`),
  ].join('\n');
}
