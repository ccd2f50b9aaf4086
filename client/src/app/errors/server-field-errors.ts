import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import { apiErrorMessage, restErrorBody } from '../apollo/error-message';

/** The input a failed call's error is about: GraphQL's extensions.field, or REST's `field`; never read from the message. */
export function serverErrorField(error: unknown): string | undefined {
  if (CombinedGraphQLErrors.is(error)) {
    const field = error.errors.find((item) => item.message)?.extensions?.field;
    return typeof field === 'string' ? field : undefined;
  }
  return ServerError.is(error) ? restErrorBody(error.bodyText).field : undefined;
}

/**
 * A server refusal as react-final-form submission errors: under the field it names when the form has that
 * field, else as the form's error (with `fallback` when the server gave no message).
 */
export function serverSubmissionErrors(error: unknown, formFields: readonly string[], fallback: string): SubmissionErrors {
  const message = apiErrorMessage(error, fallback);
  const field = serverErrorField(error);
  return field && formFields.includes(field) ? { [field]: message } : { [FORM_ERROR]: message };
}
