/** Schema descriptions that more than one type states the same way. */

/** Environment variables of templates and projects: spec section 5's rule (isSensitiveName in @slipway/domain). */
export const SENSITIVE_VARIABLE_DESCRIPTION =
  'True when the name marks a secret (it contains a word such as key, secret, password, token or auth, in any case): show the value masked';
