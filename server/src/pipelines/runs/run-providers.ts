import type { RunInfo } from '../steps.js';
import { DatabaseProjectRecords, type ProjectRecordsDeps } from './project-records.js';
import type { RunProviders } from './run-ports.js';

/** Each run's ports: the shared outside-world adapters, and records bound to the run's owner and project. */
export function projectRunProviders(outside: Omit<RunProviders, 'records'>, deps: ProjectRecordsDeps): (run: RunInfo) => RunProviders {
  return (run) => ({ ...outside, records: new DatabaseProjectRecords(deps, run.ownerId, run.projectId) });
}
