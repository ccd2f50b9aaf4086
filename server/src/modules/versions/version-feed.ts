import { logUnexpected } from '../../common/log.js';
import type { EventBus } from '../../events/event-bus.js';
import { snapshots } from '../project-runs/pipeline-feed.js';
import type { VersionBuild } from './dtos/version.models.js';

/** Loads a version's build snapshot for its owner; null once the version is gone. */
export type LoadVersionBuild = (versionId: string, ownerId: string) => Promise<VersionBuild | null>;

/**
 * Live build snapshots of one version for one subscriber, as projectPipeline does for a project: the current
 * snapshot first, then a fresh one after every change of the version's row ('version.updated': status, log tail)
 * or of its build run ('pipeline.updated'); a gap in the events reloads. Loads never overlap, and a repeat of
 * the snapshot last sent is dropped.
 */
export class VersionFeed {
  constructor(
    private readonly bus: EventBus,
    private readonly load: LoadVersionBuild,
  ) {}

  /** The caller checked the owner. */
  follow(versionId: string, ownerId: string): AsyncIterableIterator<VersionBuild> {
    return snapshots<VersionBuild>(
      (offer, end) => {
        let runId: string | null = null;
        let loading = false;
        let again = false;
        let ended = false;
        const reload = async () => {
          do {
            again = false;
            try {
              const snapshot = await this.load(versionId, ownerId);
              if (!snapshot) {
                end();
                return;
              }
              runId = snapshot.pipeline?.id ?? null;
              offer(snapshot);
            } catch (error) {
              logUnexpected('version build subscription', error);
            }
          } while (again && !ended);
          loading = false;
        };
        const refresh = () => {
          if (ended) return;
          if (loading) {
            again = true;
            return;
          }
          loading = true;
          void reload();
        };
        const stops = [
          this.bus.subscribe('version.updated', (event) => {
            if (event.versionId === versionId) refresh();
          }),
          this.bus.subscribe('pipeline.updated', (event) => {
            if (event.runId === runId) refresh();
          }),
          this.bus.onGap(refresh),
        ];
        refresh();
        return () => {
          ended = true;
          for (const stop of stops) stop();
        };
      },
      (last, next) => last.seq === next.seq,
    );
  }
}
