import { describe, expect, it } from 'vitest';
import { isTerminalPipelineStatus, stepLabel, streamTitle } from './pipelines.js';

describe('pipeline names', () => {
  it('titles the spec streams and title-cases unknown ones', () => {
    expect(streamTitle('project_creation')).toBe('Project Creation');
    expect(streamTitle('project_deletion')).toBe('Project Deletion');
    expect(streamTitle('deployment')).toBe('Deployment Pipeline');
    expect(streamTitle('nightly-backup')).toBe('Nightly Backup');
  });

  it('labels persist-project "Save Project" and title-cases other ids', () => {
    expect(stepLabel('persist-project')).toBe('Save Project');
    expect(stepLabel('setup-github-repo')).toBe('Setup Github Repo');
    expect(stepLabel('deploy-to-doks')).toBe('Deploy To Doks');
  });

  it('knows the terminal statuses in any case', () => {
    for (const status of ['completed', 'FAILED', 'Cancelled', 'terminated']) expect(isTerminalPipelineStatus(status)).toBe(true);
    for (const status of ['running', 'pending', '']) expect(isTerminalPipelineStatus(status)).toBe(false);
  });
});
