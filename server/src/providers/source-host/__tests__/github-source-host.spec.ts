import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGitHub, startFakeGitHub } from '../../../../fakes/github/fake-github.js';
import { GitHubSourceHost } from '../github-source-host.js';
import { sourceHostContract } from './source-host.contract.js';

const TOKEN = 'ghp_contractToken000000000000000000000001';

sourceHostContract('github (against the fake GitHub)', async () => {
  const github = await startFakeGitHub();
  github.addToken(TOKEN, { login: 'ada', scopes: ['repo', 'workflow', 'delete_repo'] });
  github.addOrganization('acme', { members: [{ login: 'ada', role: 'admin' }] });
  return {
    sourceHost: new GitHubSourceHost({ token: TOKEN, apiUrl: github.url, minWriteIntervalMs: 0 }),
    organization: 'acme',
    cleanup: () => github.close(),
  };
});

describe('GitHubSourceHost', () => {
  let github: FakeGitHub;
  beforeAll(async () => {
    github = await startFakeGitHub();
  });
  afterAll(() => github?.close());

  it('placeholder', () => {
    expect(github.url).toMatch(/^http:/);
  });
});
