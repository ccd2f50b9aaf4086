import { registerEnumType } from 'type-graphql';

/** Spec section 4: a version's lifecycle. */
export enum VersionStatus {
  pending = 'pending',
  building = 'building',
  build_success = 'build_success',
  build_failed = 'build_failed',
  ready = 'ready',
  archived = 'archived',
}

/** Spec section 4: the state of a version's build. */
export enum BuildStatus {
  pending = 'pending',
  running = 'running',
  success = 'success',
  failed = 'failed',
  cancelled = 'cancelled',
}

registerEnumType(VersionStatus, {
  name: 'VersionStatus',
  description: "A version's lifecycle",
  valuesConfig: {
    pending: { description: 'Created, not built yet' },
    building: { description: 'Its build is running' },
    build_success: { description: 'Built, not yet checked in the registry' },
    build_failed: { description: 'Its build failed' },
    ready: { description: 'Built and its artifact is in the registry: it can be deployed' },
    archived: { description: 'Kept for history, no longer offered for deployment' },
  },
});

registerEnumType(BuildStatus, {
  name: 'BuildStatus',
  description: "The state of a version's build",
  valuesConfig: {
    pending: { description: 'Not started' },
    running: { description: 'Building now' },
    success: { description: 'Built an artifact' },
    failed: { description: 'The build failed' },
    cancelled: { description: 'The build was stopped' },
  },
});
