/**
 * The one rule for the image tag of a build, shared by the runs, the builders and the fakes, and the one the
 * templates' workflows follow (docker/metadata-action in templates/<name>/files/.github/workflows/): a commit's
 * build is tagged `sha-` and the commit's first 7 hex digits (type=sha), a version's build with its git tag
 * (type=ref,event=tag).
 */
export function commitImageTag(sha: string): string {
  return `sha-${sha.slice(0, 7)}`;
}

export function versionImageTag(gitTag: string): string {
  return gitTag;
}
