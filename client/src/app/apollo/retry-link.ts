import { ApolloLink } from '@apollo/client';
import { Observable, type Subscription } from 'rxjs';

/**
 * Put in an operation's context (`context: { retryDelay }`) to have its failures tried again: given the attempts
 * made so far and the failure's message, the wait in ms before the next attempt, or null to give up.
 */
export type RetryDelay = (attemptsMade: number, message: string) => number | null;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Tries an operation again, after the waits its `retryDelay` names, when it fails on the way (network, HTTP
 * status) or answers with GraphQL errors; the last failure goes on to the caller. Operations without a
 * `retryDelay` pass through untouched.
 */
export const retryLink = new ApolloLink((operation, forward) => {
  const retryDelay = operation.getContext().retryDelay as RetryDelay | undefined;
  if (!retryDelay) return forward(operation);
  return new Observable<ApolloLink.Result>((observer) => {
    let attempts = 0;
    let current: Subscription | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const retryAfter = (message: string): boolean => {
      const delay = retryDelay(attempts, message);
      if (delay === null) return false;
      timer = setTimeout(attempt, delay);
      return true;
    };
    function attempt() {
      attempts += 1;
      let retrying = false;
      current = forward(operation).subscribe({
        next: (result) => {
          if (retrying) return;
          const errors = 'errors' in result ? result.errors : undefined;
          if (errors?.length && retryAfter(errors.map((error) => error.message).join('\n'))) {
            retrying = true;
            return;
          }
          observer.next(result);
        },
        error: (error: unknown) => {
          if (!retryAfter(messageOf(error))) observer.error(error);
        },
        complete: () => {
          if (!retrying) observer.complete();
        },
      });
    }
    attempt();
    return () => {
      clearTimeout(timer);
      current?.unsubscribe();
    };
  });
});
