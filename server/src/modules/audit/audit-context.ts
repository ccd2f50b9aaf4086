import { AsyncLocalStorage } from 'node:async_hooks';

/** Who is making the changes of one request or GraphQL operation, and from where: what every audit entry records. */
export interface AuditActor {
  userId: string | null;
  email: string | null;
  tokenId: string | null;
  address: string | null;
}

const current = new AsyncLocalStorage<AuditActor>();

/**
 * The adapters (REST router, GraphQL root fields, git) run each request's work inside `runAs`, so a service records
 * its change without every signature carrying the caller and their address.
 */
export const auditContext = {
  runAs<T>(actor: AuditActor, work: () => T): T {
    return current.run(actor, work);
  },
  actor(): AuditActor {
    return current.getStore() ?? { userId: null, email: null, tokenId: null, address: null };
  },
};
