import { Repeater, SlidingBuffer } from '@repeaterjs/repeater';
import { logUnexpected } from '../../common/log.js';
import type { EventBus } from '../../events/event-bus.js';
import type { Deployment } from './deployment.entity.js';
import { IN_PROGRESS } from './deployment-transitions.js';

/** Loads one deployment of the owner (null once it is gone), and the project's recent ones (after a gap in the events). */
export interface DeploymentLoader {
  one(deploymentId: string, ownerId: string): Promise<Deployment | null>;
  recent(projectId: string, ownerId: string): Promise<Deployment[]>;
}

/** Changes a subscriber has not read yet, at most this many (the oldest go first when a reader falls behind). */
const MAX_UNREAD = 100;

/**
 * Every change of a project's deployments for one subscriber, in order: after each 'deployment.updated' of the
 * project the row is loaded and sent, and after each 'pipeline.updated' of a run a sent deployment belongs to
 * (its pipeline moved on). Unlike a snapshot feed, no change is dropped for a newer one of another deployment;
 * a repeat of the row last sent for that deployment (same updated_at and run state) is dropped. A gap in the
 * events resends the project's recent deployments. It starts with the deployments that serve or are under way.
 */
export class DeploymentFeed {
  constructor(
    private readonly bus: EventBus,
    private readonly load: DeploymentLoader,
  ) {}

  /** The caller checked the owner. */
  follow(projectId: string, ownerId: string): AsyncIterableIterator<Deployment> {
    return new Repeater<Deployment>(async (push, stop) => {
      const lastSent = new Map<string, string>();
      const runs = new Map<string, string>();
      let ended = false;
      let queue = Promise.resolve();

      const offer = (deployment: Deployment, key: string) => {
        if (ended || lastSent.get(deployment.id) === key) return;
        lastSent.set(deployment.id, key);
        if (deployment.runId) runs.set(deployment.runId, deployment.id);
        void push(deployment);
      };
      // Loads run one after another, so changes go out in the order they happened.
      const enqueue = (work: () => Promise<void>) => {
        queue = queue.then(work).catch((error: unknown) => logUnexpected('deployments subscription', error));
      };
      const reload = (deploymentId: string, seq = '') =>
        enqueue(async () => {
          if (ended) return;
          const deployment = await this.load.one(deploymentId, ownerId);
          if (deployment && deployment.projectId === projectId) offer(deployment, `${deployment.updatedAt.getTime()}:${deployment.status}:${seq}`);
        });
      const stops = [
        this.bus.subscribe('deployment.updated', (event) => {
          if (event.projectId === projectId && event.ownerId === ownerId) reload(event.deploymentId);
        }),
        this.bus.subscribe('pipeline.updated', (event) => {
          const deploymentId = runs.get(event.runId);
          if (deploymentId) reload(deploymentId, `${event.runId}:${event.seq}`);
        }),
        this.bus.onGap(() =>
          enqueue(async () => {
            for (const deployment of await this.load.recent(projectId, ownerId)) offer(deployment, `${deployment.updatedAt.getTime()}:${deployment.status}:gap`);
          }),
        ),
      ];
      // First what serves or is under way now, so a subscriber knows where things stand.
      enqueue(async () => {
        for (const deployment of (await this.load.recent(projectId, ownerId)).reverse()) {
          if (deployment.isActive || IN_PROGRESS.includes(deployment.status)) offer(deployment, `${deployment.updatedAt.getTime()}:${deployment.status}:`);
        }
      });
      await stop;
      ended = true;
      for (const unsubscribe of stops) unsubscribe();
    }, new SlidingBuffer(MAX_UNREAD));
  }
}
