import { describe, expect, it } from 'vitest';
import { deploymentHealth } from './deployments.js';

describe('deploymentHealth (spec section 4)', () => {
  it('is unknown with no checks', () => expect(deploymentHealth([])).toBe('unknown'));
  it('is unhealthy when any check is unhealthy, even beside pending ones', () =>
    expect(deploymentHealth([{ status: 'healthy' }, { status: 'pending' }, { status: 'unhealthy' }])).toBe('unhealthy'));
  it('is checking when any check is pending and none unhealthy', () =>
    expect(deploymentHealth([{ status: 'healthy' }, { status: 'pending' }])).toBe('checking'));
  it('is healthy when all are healthy', () => expect(deploymentHealth([{ status: 'healthy' }, { status: 'healthy' }])).toBe('healthy'));
  it('is unknown for any other mix', () => expect(deploymentHealth([{ status: 'healthy' }, { status: 'skipped' }])).toBe('unknown'));
});
