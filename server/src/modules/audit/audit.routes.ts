import type { Request, Response } from 'express';
import { authOf } from '../../http/auth-middleware.js';
import { schema as s } from '../../http/json-schema.js';
import type { RestRoute, SchemaComponents } from '../../http/rest-routes.js';
import { type AuditEntry, toAuditResponse } from './audit-entry.entity.js';
import { MAX_AUDIT_PAGE, type AuditQuery, type AuditService } from './audit.service.js';

const TAG = 'Audit';

export const auditSchemas: SchemaComponents = {
  AuditEntry: s.object({
    seq: s.string('Its place in the log.'),
    at: s.dateTime(),
    actor_user_id: s.nullable(s.uuid()),
    actor_email: s.nullable(s.string()),
    actor_token_id: s.nullable(s.uuid()),
    address: s.nullable(s.string()),
    action: s.string('feature.verb: project.update, member.add, setting.set, auth.sign_in, ...'),
    project_id: s.nullable(s.uuid()),
    target: s.nullable(s.string()),
    details: { type: 'object', description: 'Names and ids; never a secret value.' },
    result: s.enum(['success', 'failure']),
    prev_hash: s.string(),
    hash: s.string(),
  }),
};

const QUERY = {
  from: s.string('At or after (ISO 8601).'),
  to: s.string('At or before (ISO 8601).'),
  actor_id: s.string('Only this user’s actions.'),
  action: s.string('An action or a family (project).'),
  before: s.string('Entries before this seq: the next page.'),
  limit: s.string(`1 to ${MAX_AUDIT_PAGE}; default 100.`),
};

function auditQuery(req: Request): AuditQuery {
  const q = req.query as Record<string, unknown>;
  return { from: q.from, to: q.to, actorId: q.actor_id, action: q.action, before: q.before, limit: q.limit };
}

const page = { description: 'Entries, newest first.', schema: s.object({ entries: s.array(s.ref('AuditEntry')) }) };
const lines = { description: 'One JSON entry a line (JSON Lines), newest first.', mediaType: 'application/x-ndjson' };

function sendLines(res: Response, entries: AuditEntry[]): void {
  res.type('application/x-ndjson').send(entries.map((entry) => `${JSON.stringify(toAuditResponse(entry))}\n`).join(''));
}

/** The audit log over REST: a project's (owner and members), everyone's (admins) or your own; JSON or JSON Lines. */
export function auditRoutes(service: AuditService): RestRoute[] {
  const global = (req: Request) => service.global(authOf(req).user, auditQuery(req));
  const ofProject = (req: Request) => service.ofProject(authOf(req).user, req.params.id, auditQuery(req));
  return [
    {
      method: 'get',
      path: '/audit',
      tag: TAG,
      summary: "Audit entries: everyone's for an admin, else your own actions",
      query: QUERY,
      responses: { 200: page },
      handler: async (req, res) => void res.json({ entries: (await global(req)).map(toAuditResponse) }),
    },
    {
      method: 'get',
      path: '/audit/export',
      tag: TAG,
      summary: 'The same entries as JSON Lines',
      query: QUERY,
      responses: { 200: lines },
      handler: async (req, res) => sendLines(res, await global(req)),
    },
    {
      method: 'get',
      path: '/projects/{id}/audit',
      tag: TAG,
      summary: "A project's audit entries (its owner and members)",
      query: QUERY,
      responses: { 200: page },
      handler: async (req, res) => void res.json({ entries: (await ofProject(req)).map(toAuditResponse) }),
    },
    {
      method: 'get',
      path: '/projects/{id}/audit/export',
      tag: TAG,
      summary: "A project's audit entries as JSON Lines",
      query: QUERY,
      responses: { 200: lines },
      handler: async (req, res) => sendLines(res, await ofProject(req)),
    },
  ];
}
