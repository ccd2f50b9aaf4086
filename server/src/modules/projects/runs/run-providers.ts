import type { DataSource } from 'typeorm';
import type { BuildLogs } from '../../versions/build-logs.js';
import { LOCAL_PROVIDER_KINDS, type ProjectProviders, type ProviderKinds } from '../../../providers/project-providers.js';
import { type RunInfo, StepFailure } from '../../../pipelines/steps.js';
import { DatabaseProjectRecords, type ProjectRecordsDeps } from './project-records.js';
import type { RunProviders } from './run-ports.js';

/**
 * Each run's ports: its project's adapters (the kinds recorded on the run), and records bound to the run's owner
 * and project. A port the project cannot use now (its credentials left Settings) fails the step that touches it,
 * for good: another attempt would fail the same way; Retry after saving them goes on.
 */
export function projectRunProviders(outside: { projects: ProjectProviders; buildLogs: BuildLogs }, deps: ProjectRecordsDeps): (run: RunInfo) => Promise<RunProviders> {
  return async (run) => {
    const kinds = await runKinds(deps.dataSource, run);
    const adapters = await outside.projects.of(run.ownerId, kinds, (message) => new StepFailure(message, { final: true }));
    return {
      get sourceHost() {
        return adapters.sourceHost;
      },
      get builder() {
        return adapters.builder;
      },
      get registry() {
        return adapters.registry;
      },
      get cluster() {
        return adapters.cluster;
      },
      buildLogs: outside.buildLogs,
      records: new DatabaseProjectRecords(deps, run.ownerId, run.projectId),
    };
  };
}

/**
 * The kinds a run uses: its project's, recorded on the run when its first step starts (so a deletion run keeps
 * them after the project's row is gone). A run about no project uses the local adapters.
 */
async function runKinds(dataSource: DataSource, run: RunInfo): Promise<ProviderKinds> {
  const rows: Array<{ providers: ProviderKinds }> = await dataSource.query(
    `WITH recorded AS (
       UPDATE pipeline_runs r SET providers = p.providers FROM projects p
       WHERE r.id = $1 AND r.providers IS NULL AND p.id = r.project_id AND p.owner_id = r.owner_id
       RETURNING r.providers)
     SELECT providers FROM recorded
     UNION ALL SELECT providers FROM pipeline_runs WHERE id = $1 AND providers IS NOT NULL`,
    [run.id],
  );
  return rows[0]?.providers ?? LOCAL_PROVIDER_KINDS;
}
