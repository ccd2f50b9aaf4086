import type { DataSource } from 'typeorm';
import type { BuildLogs } from '../../versions/build-logs.js';
import { LOCAL_PROVIDER_KINDS, type ProjectProviders, type ProviderKinds } from '../../../providers/project-providers.js';
import { type RunInfo, StepFailure } from '../../../pipelines/steps.js';
import type { SecretBox } from '../../../common/secret-box.js';
import type { EventBus } from '../../../events/event-bus.js';
import { DatabaseDeploymentRecords, DEPLOYMENT_RECORDS, type DeploymentRecords } from '../../deployments/runs/deployment-records.js';
import { DatabaseVersionRecords, VERSION_RECORDS, type VersionRecords } from '../../versions/runs/version-records.js';
import { DatabaseProjectRecords, type ProjectRecordsDeps } from './project-records.js';
import { PROJECT_RECORDS, type ProjectRecords, type RunProviders } from './run-ports.js';

/** What the records of a run need: the projects' own, and for versions and deployments the bus and the snapshot box. */
export interface RunRecordsDeps extends ProjectRecordsDeps {
  bus: EventBus;
  /** Seals and opens deployments' environment snapshots. */
  secretBox: SecretBox;
}

/**
 * Each run's ports: its project's adapters (the kinds recorded on the run), and records bound to the run's owner
 * and project. A port the project cannot use now (its credentials left Settings) fails the step that touches it,
 * for good: another attempt would fail the same way; Retry after saving them goes on.
 */
export function projectRunProviders(outside: { projects: ProjectProviders; buildLogs: BuildLogs }, deps: RunRecordsDeps): (run: RunInfo) => Promise<RunProviders> {
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
      records: runRecords(deps, run),
    };
  };
}

/** The run's records: each feature's port on its own adapter, one object (the project's loaded once per attempt). */
function runRecords(deps: RunRecordsDeps, run: RunInfo): RunProviders['records'] {
  const project = new DatabaseProjectRecords(deps, run.ownerId, run.projectId);
  const versions = new DatabaseVersionRecords(deps, run.ownerId, run.projectId);
  const deployments = new DatabaseDeploymentRecords(deps, run.ownerId, run.projectId, () => project.environment());
  return { ...bound<ProjectRecords>(project, PROJECT_RECORDS), ...bound<VersionRecords>(versions, VERSION_RECORDS), ...bound<DeploymentRecords>(deployments, DEPLOYMENT_RECORDS) };
}

/** The port's methods, bound to its adapter. */
function bound<T extends object>(adapter: T, methods: Record<keyof T, true>): T {
  const port: Record<string, unknown> = {};
  for (const name of Object.keys(methods)) port[name] = (adapter[name as keyof T] as (...args: unknown[]) => unknown).bind(adapter);
  return port as T;
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
