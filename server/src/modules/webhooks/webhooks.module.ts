import express, { type Request, type Response, Router } from 'express';
import type { DataSource } from 'typeorm';
import type { EventBus } from '../../events/event-bus.js';
import type { Feature } from '../feature.js';
import { GITHUB_WEBHOOK_PREFIX } from '../projects/git-path.js';
import type { ProjectsService } from '../projects/projects.service.js';
import { GitHubWebhooks } from './github-webhooks.js';

/** GitHub caps a delivery's payload at 25 MB; a push event Slipway acts on is a few kB. */
const BODY_LIMIT = '5mb';

/** GitHub's webhook deliveries for cloud projects, at /hooks/github/<project id> (signed, so outside the API's sign-in). */
export function webhooksModule(deps: { dataSource: DataSource; projects: ProjectsService; bus: EventBus }) {
  const webhooks = new GitHubWebhooks(deps.dataSource, deps.projects, deps.bus);
  const router = Router();
  // The raw body: the signature is over its exact bytes.
  router.post('/:projectId', express.raw({ type: () => true, limit: BODY_LIMIT }), async (req: Request, res: Response) => {
    const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : undefined);
    const result = await webhooks.receive({
      projectId: String(req.params.projectId),
      event: header('x-github-event'),
      guid: header('x-github-delivery'),
      signature: header('x-hub-signature-256'),
      body: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
    });
    res.status(result.status).json({ message: result.message });
  });
  router.all('/{*rest}', (_req: Request, res: Response) => {
    res.status(404).json({ message: `Webhooks are POSTed to ${GITHUB_WEBHOOK_PREFIX}/<project id>` });
  });
  const feature: Feature = { http: [{ path: GITHUB_WEBHOOK_PREFIX, handler: router }] };
  return { feature };
}
