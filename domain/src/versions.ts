/**
 * Spec section 5 rules for versions, with their messages word for word: the client's create form checks them
 * as the user types, the server checks them again on every call. Inputs are checked trimmed.
 */
export const VERSION_TAG_PATTERN = /^v\d+\.\d+\.\d+(-[\w.-]+)?$/;
const BRANCH_PATTERN = /^[A-Za-z0-9/_-]+$/;
export const MAX_VERSION_TAG_LENGTH = 100;
export const MAX_BRANCH_LENGTH = 200;
export const MAX_VERSION_DESCRIPTION_LENGTH = 1000;
/** Spec section 9: versions are listed 20 to a page. */
export const VERSIONS_PAGE_SIZE = 20;

/** The error for a version tag, or undefined when it is valid. */
export function versionTagError(value: string | undefined | null): string | undefined {
  const tag = value?.trim() ?? '';
  if (!tag) return 'Version tag is required';
  if (tag.length > MAX_VERSION_TAG_LENGTH || !VERSION_TAG_PATTERN.test(tag)) {
    return 'Version must follow "vx.x.x" format (e.g., v1.0.0, v1.2.3-beta.1)';
  }
  return undefined;
}

/** The error for a git branch name, or undefined when it is valid. */
export function gitBranchError(value: string | undefined | null): string | undefined {
  const branch = value?.trim() ?? '';
  if (!branch) return 'Git branch is required';
  if (branch.length > MAX_BRANCH_LENGTH || !BRANCH_PATTERN.test(branch)) return 'Branch name contains invalid characters';
  return undefined;
}

/** The error for a version's description (optional), or undefined when it is valid. */
export function versionDescriptionError(value: string | undefined | null): string | undefined {
  if ((value ?? '').trim().length > MAX_VERSION_DESCRIPTION_LENGTH) return `Description must be at most ${MAX_VERSION_DESCRIPTION_LENGTH} characters`;
  return undefined;
}

/** What a version row says about itself, for the actions spec section 4 offers. */
export interface VersionActionState {
  status: string;
  buildStatus: string | null;
  active: boolean;
}

/** Spec section 4: Deploy is offered for a version that is ready (or has no status and a successful build) and not active. */
export function canDeployVersion(version: VersionActionState): boolean {
  const built = version.status === 'ready' || (!version.status && version.buildStatus === 'success');
  return built && version.buildStatus === 'success' && !version.active;
}

/** Spec section 4: Archive is offered unless the version is archived already. */
export function canArchiveVersion(version: VersionActionState): boolean {
  return version.status !== 'archived';
}

/** A build is under way while its status is pending or running. */
export function isBuildInProgress(buildStatus: string | null): boolean {
  return buildStatus === 'pending' || buildStatus === 'running';
}

/**
 * A version still on its way to a settled state: its build runs, or it built and its artifact is being checked
 * (build_success until the run makes it ready). Views that show it keep asking for it until this is false.
 */
export function isVersionSettling(version: { status: string; buildStatus: string | null }): boolean {
  return isBuildInProgress(version.buildStatus) || version.status === 'building' || version.status === 'build_success';
}

/** Spec section 5: the Generate button's tag, v{year minus 2020}.{month}.{day} (local date). */
export function generateVersionTag(date: Date = new Date()): string {
  return `v${date.getFullYear() - 2020}.${date.getMonth() + 1}.${date.getDate()}`;
}
