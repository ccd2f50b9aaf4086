import type { DataSource, EntityManager, EntitySubscriberInterface, TransactionCommitEvent } from 'typeorm';
import { logUnexpected } from '../../common/log.js';
import type { EventBus } from '../../events/event-bus.js';
import { canonicalJson, chainedFields, GENESIS_HASH } from './audit-chain.js';
import { auditContext } from './audit-context.js';

/** One change to record; who and from where come from the request (auditContext) unless given. */
export interface AuditRecord {
  action: string;
  projectId?: string | null;
  target?: string | null;
  /** Names, ids, roles: never a secret's value. */
  details?: Record<string, unknown>;
  result?: 'success' | 'failure';
  /** For a sign-in, whose the request is not yet: the account tried. */
  actor?: { userId: string | null; email: string | null };
}

/** Serialises writers of the chain until their transaction ends, so each entry links to the one committed before it. */
const CHAIN_LOCK = 0x5117a0d17;

/**
 * The append-only, hash-chained audit log. A change records itself in its own transaction (`record(manager, …)`),
 * so the entry exists exactly when the change does; `audit.appended` is published once that transaction commits.
 */
export class AuditLog {
  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: EventBus,
  ) {
    dataSource.subscribers.push(this.commitSubscriber());
  }

  /** Records inside `manager`'s transaction; without one (null, or a manager outside a transaction), in one of its own. */
  async record(manager: EntityManager | null, record: AuditRecord): Promise<void> {
    if (!manager?.queryRunner?.isTransactionActive) {
      await this.dataSource.transaction((own) => this.record(own, record));
      return;
    }
    const who = auditContext.actor();
    const actor = record.actor ?? who;
    const content = {
      at: new Date(),
      actorUserId: actor.userId,
      actorEmail: actor.email,
      actorTokenId: record.actor ? null : who.tokenId,
      address: who.address,
      action: record.action,
      projectId: record.projectId ?? null,
      target: record.target ?? null,
      details: canonicalJson(record.details ?? {}),
      result: record.result ?? 'success',
    };
    // One round trip (audit_append, migration 1795920000000): the lock, the last hash and the insert, chained onto it
    // as chainHash does, sha256 of the JSON array [prevHash, ...fields], whose tail (after prevHash) is built here.
    const fields = chainedFields(content);
    const tail = JSON.stringify(fields).slice(1);
    await manager.query('SELECT audit_append($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)', [CHAIN_LOCK, GENESIS_HASH, tail, ...fields]);
    Object.assign(manager.queryRunner.data ?? (manager.queryRunner.data = {}), { auditAppended: true });
  }

  private commitSubscriber(): EntitySubscriberInterface {
    return {
      afterTransactionCommit: (event: TransactionCommitEvent) => {
        const data = event.queryRunner.data as { auditAppended?: boolean };
        if (!data?.auditAppended) return;
        data.auditAppended = false;
        void this.bus.publish('audit.appended', {}).catch((error: unknown) => logUnexpected('audit event', error));
      },
    };
  }
}

/** What a feature needs of the audit log: recording its changes. */
export type AuditRecorder = Pick<AuditLog, 'record'>;
