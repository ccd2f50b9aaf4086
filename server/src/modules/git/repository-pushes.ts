import type { EventBus } from '../../events/event-bus.js';
import { logUnexpected } from '../../common/log.js';
import type { Project } from '../projects/project.entity.js';
import type { User } from '../users/user.entity.js';
import type { ServedRepositories } from './served-repositories.js';

const MESSAGE_LIMIT = 200;

/**
 * Records what a push changed: the branches whose head moved, each as a `repository.pushed` event (who pushed which
 * commit, with the first line of its message). Versions need nothing more: a version tags its branch's head when it is
 * created, so one cut after a push builds the pushed commit.
 */
export class RepositoryPushes {
  constructor(
    private readonly repositories: ServedRepositories,
    private readonly bus: EventBus,
  ) {}

  /** Compares the branches with their heads before the push (`before`) and publishes one event per changed branch. */
  async recorded(project: Project, pusher: Pick<User, 'id' | 'name'>, before: Map<string, string>): Promise<void> {
    const ref = { organization: project.sourceOrganization!, name: project.sourceRepository! };
    try {
      const after = await this.repositories.branchHeads(ref);
      for (const branch of new Set([...before.keys(), ...after.keys()])) {
        const [old, head] = [before.get(branch) ?? null, after.get(branch) ?? null];
        if (old === head) continue;
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
