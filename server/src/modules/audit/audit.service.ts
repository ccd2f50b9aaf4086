import type { DataSource } from 'typeorm';
import { invalidInput, isUuid } from '../../common/validation.js';
import type { EventBus } from '../../events/event-bus.js';
import { projectNotFound } from '../projects/projects.errors.js';
import { Role } from '../users/user-role.js';
import type { User } from '../users/user.entity.js';
import { AuditEntry } from './audit-entry.entity.js';
import { auditForbidden } from './audit.errors.js';

export const MAX_AUDIT_PAGE = 500;

/** Untyped filter values as REST and GraphQL hand them; each is checked here. */
export interface AuditQuery {
  from?: unknown;
  to?: unknown;
  actorId?: unknown;
  action?: unknown;
  /** Entries before this seq (the next page, newest first). */
  before?: unknown;
  limit?: unknown;
}

interface ParsedQuery {
  from: Date | null;
  to: Date | null;
  actorId: string | null;
  action: string | null;
  before: string | null;
  limit: number;
}

function date(value: unknown, field: string): Date | null {
  if (value === undefined || value === null || value === '') return null;
  const parsed = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : new Date(NaN);
  if (Number.isNaN(parsed.getTime())) throw invalidInput(`${field} must be a date (ISO 8601)`, field);
  return parsed;
}

/** An entry's seq as a client hands it back (`before`, `after`), or null when absent. */
export function entryNumber(value: unknown, field: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (!/^\d{1,18}$/.test(String(value))) throw invalidInput(`${field} must be an entry number`, field);
  return String(value);
}

function parse(query: AuditQuery): ParsedQuery {
  const limit = query.limit === undefined || query.limit === null || query.limit === '' ? 100 : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_AUDIT_PAGE) throw invalidInput(`limit must be between 1 and ${MAX_AUDIT_PAGE}`, 'limit');
  if (query.actorId !== undefined && query.actorId !== null && query.actorId !== '' && !isUuid(query.actorId)) throw invalidInput('actorId must be a user id', 'actorId');
  if (query.action !== undefined && query.action !== null && (typeof query.action !== 'string' || query.action.length > 100)) throw invalidInput('action must be text', 'action');
  return {
    from: date(query.from, 'from'),
    to: date(query.to, 'to'),
    actorId: (query.actorId as string) || null,
    action: (query.action as string) || null,
    before: entryNumber(query.before, 'before'),
    limit,
  };
}

/**
 * Reading the audit log: a project's entries for anyone who reaches the project (the access policy decides, and the
 * call runs on its owner's account), everyone's for an admin, otherwise your own actions only.
 */
export class AuditService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: EventBus,
  ) {}

  /** A project's entries, newest first; `owner` is the project's owner account (see AccessPolicy). */
  async ofProject(owner: Pick<User, 'id'>, projectId: unknown, query: AuditQuery = {}): Promise<AuditEntry[]> {
    await this.reachable(owner, projectId);
    return this.search({ ...parse(query), projectId: projectId as string, actorId: parse(query).actorId });
  }

  /** Everyone's entries for an admin; anyone else's own actions (asking for another actor is refused). */
  async global(user: Pick<User, 'id' | 'role'>, query: AuditQuery = {}): Promise<AuditEntry[]> {
    const parsed = parse(query);
    if (user.role !== Role.admin) {
      if (parsed.actorId && parsed.actorId !== user.id) throw auditForbidden();
      parsed.actorId = user.id;
    }
    return this.search({ ...parsed, projectId: null });
  }

  /**
   * Entries as they are appended, oldest first, matching the same scope: the ones after `afterSeq` each time the log
   * grows (a missed event is caught up by the next, since each read starts from the last entry sent), and at once
   * those already written after it.
   */
  follow(scope: { projectId: string | null; actorId: string | null; action: string | null }, afterSeq: string): AsyncIterableIterator<AuditEntry> {
    const queue: AuditEntry[] = [];
    let wake: (() => void) | null = null;
    let last = afterSeq;
    let reading = Promise.resolve();
    let ended = false;
    const readNew = () => {
      reading = reading.then(async () => {
        const rows = await this.dataSource
          .getRepository(AuditEntry)
          .createQueryBuilder('a')
          .where('a.seq > :last', { last })
          .andWhere(scope.projectId ? 'a.project_id = :projectId' : 'TRUE', { projectId: scope.projectId })
          .andWhere(scope.actorId ? 'a.actor_user_id = :actorId' : 'TRUE', { actorId: scope.actorId })
          .andWhere(scope.action ? '(a.action = :action OR a.action LIKE :prefix)' : 'TRUE', { action: scope.action, prefix: `${scope.action}.%` })
          .orderBy('a.seq', 'ASC')
          .limit(MAX_AUDIT_PAGE)
          .getMany();
        for (const row of rows) {
          queue.push(row);
          last = row.seq;
        }
        wake?.();
      });
    };
    const unsubscribe = this.bus.subscribe('audit.appended', readNew);
    const unsubscribeGap = this.bus.onGap(readNew);
    readNew();
    const end = () => {
      ended = true;
      unsubscribe();
      unsubscribeGap();
      wake?.();
    };
    return {
      [Symbol.asyncIterator]() {
        return this;
      },
      async next() {
        while (!queue.length && !ended) await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
        return queue.length ? { value: queue.shift()!, done: false } : { value: undefined, done: true };
      },
      async return() {
        end();
        return { value: undefined, done: true };
      },
      async throw(error?: unknown) {
        end();
        throw error;
      },
    };
  }

  /** The newest entry's seq ('0' for an empty log): where a live follow starts. */
  async head(): Promise<string> {
    const [row]: Array<{ seq: string | null }> = await this.dataSource.query('SELECT max(seq)::text AS seq FROM audit_log');
    return row.seq ?? '0';
  }

  async reachable(owner: Pick<User, 'id'>, projectId: unknown): Promise<void> {
    if (!isUuid(projectId)) throw projectNotFound();
    const rows: unknown[] = await this.dataSource.query('SELECT 1 FROM projects WHERE id = $1 AND owner_id = $2', [projectId, owner.id]);
    if (!rows.length) throw projectNotFound();
  }

  private search(query: ParsedQuery & { projectId: string | null }): Promise<AuditEntry[]> {
    const builder = this.dataSource.getRepository(AuditEntry).createQueryBuilder('a').orderBy('a.seq', 'DESC').limit(query.limit);
    if (query.projectId) builder.andWhere('a.project_id = :projectId', { projectId: query.projectId });
    if (query.actorId) builder.andWhere('a.actor_user_id = :actorId', { actorId: query.actorId });
    // An action or a family: "project" matches project.update, project.delete, ...
    if (query.action) builder.andWhere('(a.action = :action OR a.action LIKE :prefix)', { action: query.action, prefix: `${query.action.replace(/[%_\\]/g, '')}.%` });
    if (query.from) builder.andWhere('a.at >= :from', { from: query.from });
    if (query.to) builder.andWhere('a.at <= :to', { to: query.to });
    if (query.before) builder.andWhere('a.seq < :before', { before: query.before });
    return builder.getMany();
  }
}
