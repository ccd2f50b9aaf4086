import type { EventBus } from '../../events/event-bus.js';
import type { AuditRecorder } from '../audit/audit-log.js';
import type { AuthService } from '../auth/auth.service.js';
import type { Feature } from '../feature.js';
import type { AccessPolicy } from '../tokens/token-access.js';
import { GIT_HTTP_PREFIX } from '../projects/git-path.js';
import type { ProjectsService } from '../projects/projects.service.js';
import { gitHttpHandler } from './git-http.routes.js';
import { RepositoryPushes } from './repository-pushes.js';
import type { ServedRepositories } from './served-repositories.js';

/** Git over HTTP for local projects' repositories (clone, fetch, push), at /git/<organization>/<repository>.git. */
export function gitModule(deps: { auth: AuthService; access: AccessPolicy; projects: ProjectsService; repositories: ServedRepositories; bus: EventBus; audit: AuditRecorder }) {
  const pushes = new RepositoryPushes(deps.repositories, deps.bus, deps.audit);
  const feature: Feature = {
    http: [{ path: GIT_HTTP_PREFIX, handler: gitHttpHandler({ auth: deps.auth, access: deps.access, projects: deps.projects, repositories: deps.repositories, pushes }) }],
  };
  return { feature };
}
