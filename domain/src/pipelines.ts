// Pipeline names and labels (spec sections 2 and 4): the server's step definitions and the client's
// timeline read them from here, so a label is written once.

/** The stream_name of each kind of run. */
export const StreamName = {
  projectCreation: 'project_creation',
  projectDeletion: 'project_deletion',
  versionBuild: 'version_build',
  deployment: 'deployment',
  previewRemoval: 'preview_removal',
} as const;
export type StreamName = (typeof StreamName)[keyof typeof StreamName];

const STREAM_TITLES: Record<string, string> = {
  [StreamName.projectCreation]: 'Project Creation',
  [StreamName.projectDeletion]: 'Project Deletion',
  [StreamName.versionBuild]: 'Version Build',
  [StreamName.deployment]: 'Deployment Pipeline',
  [StreamName.previewRemoval]: 'Preview Removal',
};

/** The timeline panel's title for a stream; an unknown stream gets its name title-cased. */
export function streamTitle(streamName: string): string {
  return STREAM_TITLES[streamName] ?? titleCase(streamName);
}

/** Spec section 4's step ids, in run order. */
export const CREATION_STEP_IDS = [
  'validate-request',
  'load-settings',
  'validate-github',
  'build-model',
  'persist-project',
  'setup-github-repo',
  'generate-template',
  'commit-code',
  'setup-secrets',
  'check-build-status',
  'create-github-version',
  'check-github-version-build',
  'check-docker',
  'deploy-to-doks',
  'finalize-deployment',
] as const;

export const DELETION_STEP_IDS = ['validate-deletion', 'stop-deployments', 'cleanup-github', 'delete-docker-repository', 'cleanup-database'] as const;

const STEP_LABELS: Record<string, string> = { 'persist-project': 'Save Project' };

/** A step's label by id: spec section 4's labels, else the id title-cased ('setup-github-repo' → 'Setup Github Repo'). */
export function stepLabel(stepId: string): string {
  return STEP_LABELS[stepId] ?? titleCase(stepId);
}

/** Spec section 4: a stream is terminal when its overall status is completed, failed, cancelled or terminated. */
export function isTerminalPipelineStatus(status: string): boolean {
  return ['completed', 'failed', 'cancelled', 'terminated'].includes(status.toLowerCase());
}

function titleCase(id: string): string {
  return id
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ');
}

/** The steps whose output is a version's build log (a creation's first version, a version build): the timeline links them to it. */
export const BUILD_LOG_STEP_IDS: readonly string[] = ['check-github-version-build', 'build-version'];
