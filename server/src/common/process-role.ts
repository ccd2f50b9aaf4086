/** all: HTTP, GraphQL, WebSocket and job handlers; api: the first three; worker: job handlers only. */
export const ROLES = ['all', 'api', 'worker'] as const;
export type Role = (typeof ROLES)[number];
