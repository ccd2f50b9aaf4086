/** Spec section 8: after a copy, 'Copied to clipboard!' shows for 2 seconds (settings fields, commit hashes). */
export const COPIED_MESSAGE = 'Copied to clipboard!';
export const COPIED_MESSAGE_MS = 2000;
