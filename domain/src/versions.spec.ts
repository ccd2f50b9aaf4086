import { describe, expect, it } from 'vitest';
import { isVersionSettling, canArchiveVersion, canDeployVersion, generateVersionTag, gitBranchError, versionDescriptionError, versionTagError } from './versions.js';

describe('version rules', () => {
  it('requires a vX.Y.Z tag, trimmed', () => {
    expect(versionTagError('')).toBe('Version tag is required');
    expect(versionTagError('   ')).toBe('Version tag is required');
    expect(versionTagError(undefined)).toBe('Version tag is required');
    for (const bad of ['1.0.0', 'v1.0', 'v1.0.0.0', 'V1.0.0', 'v1.0.0-', 'v1.0.0 beta', 'v1.0.0+build']) {
      expect(versionTagError(bad), bad).toBe('Version must follow "vx.x.x" format (e.g., v1.0.0, v1.2.3-beta.1)');
    }
    for (const good of ['v1.0.0', ' v1.2.3-beta.1 ', 'v10.20.30-rc_1', 'v0.0.1-a-b.c']) expect(versionTagError(good), good).toBeUndefined();
  });

  it('requires a branch of letters, digits, /, _ and -', () => {
    expect(gitBranchError(' ')).toBe('Git branch is required');
    expect(gitBranchError(null)).toBe('Git branch is required');
    for (const bad of ['feat ure', 'main..x', 'a~b', 'x:y', 'é']) expect(gitBranchError(bad), bad).toBe('Branch name contains invalid characters');
    for (const good of ['main', ' feature/new_thing-2 ']) expect(gitBranchError(good), good).toBeUndefined();
  });

  it('limits the description', () => {
    expect(versionDescriptionError('x'.repeat(1000))).toBeUndefined();
    expect(versionDescriptionError('x'.repeat(1001))).toBe('Description must be at most 1000 characters');
  });

  it('offers Deploy for a built, inactive version and Archive unless archived', () => {
    expect(canDeployVersion({ status: 'ready', buildStatus: 'success', active: false })).toBe(true);
    expect(canDeployVersion({ status: '', buildStatus: 'success', active: false })).toBe(true);
    expect(canDeployVersion({ status: 'ready', buildStatus: 'success', active: true })).toBe(false);
    expect(canDeployVersion({ status: 'build_success', buildStatus: 'success', active: false })).toBe(false);
    expect(canDeployVersion({ status: 'ready', buildStatus: 'failed', active: false })).toBe(false);
    expect(canArchiveVersion({ status: 'ready', buildStatus: 'success', active: false })).toBe(true);
    expect(canArchiveVersion({ status: 'archived', buildStatus: 'success', active: false })).toBe(false);
  });
});

describe('generateVersionTag', () => {
  it('is v{year - 2020}.{month}.{day} and valid', () => {
    const tag = generateVersionTag(new Date(2026, 10, 23));
    expect(tag).toBe('v6.11.23');
    expect(versionTagError(tag)).toBeUndefined();
  });
});

describe('isVersionSettling', () => {
  it('is true while the build runs and while a built version waits to be made ready', () => {
    expect(isVersionSettling({ status: 'building', buildStatus: 'running' })).toBe(true);
    expect(isVersionSettling({ status: 'pending', buildStatus: 'pending' })).toBe(true);
    expect(isVersionSettling({ status: 'build_success', buildStatus: 'success' })).toBe(true);
  });
  it('is false once the version is ready, failed, cancelled or archived', () => {
    expect(isVersionSettling({ status: 'ready', buildStatus: 'success' })).toBe(false);
    expect(isVersionSettling({ status: 'build_failed', buildStatus: 'failed' })).toBe(false);
    expect(isVersionSettling({ status: 'build_failed', buildStatus: 'cancelled' })).toBe(false);
    expect(isVersionSettling({ status: 'archived', buildStatus: 'success' })).toBe(false);
  });
});
