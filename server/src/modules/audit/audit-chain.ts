import { createHash } from 'node:crypto';

/** The hash before the first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** What an entry's hash covers, as stored (every column but seq and hash). */
export interface ChainedContent {
  at: Date;
  actorUserId: string | null;
  actorEmail: string | null;
  actorTokenId: string | null;
  address: string | null;
  action: string;
  projectId: string | null;
  target: string | null;
  details: string;
  result: string;
}

/** An entry's content in the fixed order its hash covers it (and audit_append takes it). */
export function chainedFields(content: ChainedContent): Array<string | null> {
  return [
    content.at.toISOString(),
    content.actorUserId,
    content.actorEmail,
    content.actorTokenId,
    content.address,
    content.action,
    content.projectId,
    content.target,
    content.details,
    content.result,
  ];
}

/** What an entry's hash is taken over: the previous hash and the entry's content in a fixed order, as a JSON array. */
export function chainHashInput(prevHash: string, content: ChainedContent): string {
  return JSON.stringify([prevHash, ...chainedFields(content)]);
}

/** SHA-256 (hex) of chainHashInput: editing the entry or the one before changes it. AuditLog computes it in SQL. */
export function chainHash(prevHash: string, content: ChainedContent): string {
  return createHash('sha256').update(chainHashInput(prevHash, content)).digest('hex');
}

/** JSON with sorted keys, so that the same details always hash the same. */
export function canonicalJson(value: Record<string, unknown>): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))) : inner,
  );
}

export interface ChainProblem {
  seq: string;
  problem: string;
}

/**
 * Walks the entries in order: each must name the previous entry's hash and carry the hash of its own content. A
 * removed entry breaks the next one's link; an edited one its own hash.
 */
export function verifyChain(
  entries: Iterable<ChainedContent & { seq: string; prevHash: string; hash: string }>,
  previousHash = GENESIS_HASH,
): { checked: number; problems: ChainProblem[]; lastHash: string } {
  let previous = previousHash;
  let checked = 0;
  const problems: ChainProblem[] = [];
  for (const entry of entries) {
    checked += 1;
    if (entry.prevHash !== previous) problems.push({ seq: entry.seq, problem: 'does not follow the entry before it (an entry was removed or reordered)' });
    if (chainHash(entry.prevHash, entry) !== entry.hash) problems.push({ seq: entry.seq, problem: 'its content does not match its hash (it was edited)' });
    previous = entry.hash;
  }
  return { checked, problems, lastHash: previous };
}

type Query = (sql: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>;

const BATCH = 5000;

/** Checks the whole stored chain, a batch at a time (what `npm run audit:verify` runs). */
export async function verifyStoredChain(query: Query): Promise<{ checked: number; problems: ChainProblem[] }> {
  let after = '0';
  let lastHash = GENESIS_HASH;
  let checked = 0;
  const problems: ChainProblem[] = [];
  for (;;) {
    const rows = await query(
      `SELECT seq::text AS seq, at, actor_user_id, actor_email, actor_token_id, address, action, project_id, target, details, result, prev_hash, hash
         FROM audit_log WHERE audit_log.seq > $1 ORDER BY audit_log.seq LIMIT ${BATCH}`,
      [after],
    );
    if (!rows.length) return { checked, problems };
    const batch = verifyChain(
      rows.map((row) => ({
        seq: row.seq as string,
        at: row.at as Date,
        actorUserId: row.actor_user_id as string | null,
        actorEmail: row.actor_email as string | null,
        actorTokenId: row.actor_token_id as string | null,
        address: row.address as string | null,
        action: row.action as string,
        projectId: row.project_id as string | null,
        target: row.target as string | null,
        details: row.details as string,
        result: row.result as string,
        prevHash: row.prev_hash as string,
        hash: row.hash as string,
      })),
      lastHash,
    );
    checked += batch.checked;
    problems.push(...batch.problems);
    lastHash = batch.lastHash;
    after = rows[rows.length - 1].seq as string;
  }
}
