import { schema as s } from '../../http/json-schema.js';
import type { RestRoute } from '../../http/rest-routes.js';
import type { HealthService } from './health.service.js';

const REPORT = {
  type: 'object',
  properties: {
    status: s.enum(['ok', 'unavailable']),
    role: s.string('The role of the process that answered: all, api or worker.'),
    database: s.enum(['up', 'down']),
    mode: s.enum(['embedded', 'server'], 'Embedded PostgreSQL or a server from DATABASE_URL.'),
    jobQueue: s.string('The job queue: up, down, or not started in this role.'),
    workers: s.array(
      s.object({ id: s.string(), role: s.string(), host: s.string(), pid: s.integer(), startedAt: s.dateTime(), seenAt: s.dateTime() }),
      'Processes that ran jobs in the last half minute.',
    ),
  },
  required: ['status', 'role', 'database', 'mode', 'jobQueue', 'workers'],
  additionalProperties: false,
};

export function healthRoutes(health: HealthService): RestRoute[] {
  return [
    {
      method: 'get',
      path: '/health',
      tag: 'System',
      auth: false,
      summary: 'Health of this process, the database and the job queue (for load balancers and probes)',
      responses: { 200: { description: 'All up.', schema: REPORT }, 503: { description: 'Something is down.', schema: REPORT } },
      handler: async (_req, res) => {
        const report = await health.check();
        res.status(report.status === 'ok' ? 200 : 503).json(report);
      },
    },
  ];
}
