import type { EventBus } from '../../events/event-bus.js';
import { logUnexpected } from '../../common/log.js';
import type { AuditRecorder } from '../audit/audit-log.js';
import type { Project } from '../projects/project.entity.js';
import type { User } from '../users/user.entity.js';
import type { ServedRepositories } from './served-repositories.js';

const MESSAGE_LIMIT = 200;

/**
 * Records what a push changed: the branches whose head moved, each as a `repository.pushed` event (who pushed which
 * commit, with the first line of its message), and one audit entry for the push with every branch it moved (the pusher
 * and their address come from the request's audit context). Versions need nothing more: a version tags its branch's head when it is
 * created, so one cut after a push builds the pushed commit.
 */
export class RepositoryPushes {
  constructor(
    private readonly repositories: ServedRepositories,
    private readonly bus: EventBus,
    private readonly audit: AuditRecorder,
  ) {}

  /** Compares the branches with their heads before the push (`before`) and publishes one event per changed branch. */
  async recorded(project: Project, pusher: Pick<User, 'id' | 'name'>, before: Map<string, string>): Promise<void> {
    const ref = { organization: project.sourceOrganization!, name: project.sourceRepository! };
    try {
      const after = await this.repositories.branchHeads(ref);
      const moved = [...new Set([...before.keys(), ...after.keys()])]
        .map((branch) => ({ branch, before: before.get(branch) ?? null, after: after.get(branch) ?? null }))
        .filter((change) => change.before !== change.after);
      if (moved.length) await this.audit.record(null, { action: 'repository.push', projectId: project.id, target: `project:${project.id}`, details: { refs: moved } });
      for (const { branch, before: old, after: head } of moved) {
        const message = head ? pushMessage((await this.repositories.commitSummary(ref, head)).message) : null;
        await this.bus.publish('repository.pushed', { projectId: project.id, ownerId: project.ownerId, pusherId: pusher.id, pusherName: pusher.name, branch, before: old, after: head, message });
      }
    } catch (error) {
      // The push itself has succeeded and git has answered; a failure to tell others about it must not undo that.
      logUnexpected('repository push', error);
    }
  }
}

/** What a push event says of its commit: the first line of its message, at most 200 characters. */
export function pushMessage(message: string): string {
  return message.split('\n')[0].slice(0, MESSAGE_LIMIT);
}
