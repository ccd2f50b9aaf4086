import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import git from 'isomorphic-git';
import sodium from 'libsodium-wrappers';
import { fail, notFound, type Router } from './http.js';
import { fullRepository } from './representations.js';
import { type GitHubState, type Repository, now, repoKey } from './state.js';

/** Organization repositories: created as bare git repositories on disk, each with its Actions secrets key pair. */
export function repositoryRoutes(router: Router, state: GitHubState): void {
  router.route('POST', '/orgs/{org}/repos', async ({ params, body, session }) => {
    const documentation = 'repos/repos#create-an-organization-repository';
    const org = state.organizations.get(params.org.toLowerCase());
    const membership = org && state.role(org, session);
    if (!org || !membership) throw notFound(documentation);
    const isPrivate = body.private === true || body.visibility === 'private' || body.visibility === 'internal';
    if (!state.hasScope(session, 'repo') && !(!isPrivate && state.hasScope(session, 'public_repo'))) throw notFound(documentation);
    if (membership !== 'admin' && !org.membersCanCreateRepositories) {
      throw fail(403, 'You need admin access to the organization before adding a repository to it.', documentation);
    }
    const name = body.name;
    if (typeof name !== 'string' || !/^[A-Za-z0-9._-]{1,100}$/.test(name) || name === '.' || name === '..') {
      throw fail(422, 'Repository creation failed.', documentation, {
        errors: [{ resource: 'Repository', code: 'custom', field: 'name', message: 'name is invalid' }],
      });
    }
    if (state.repositories.has(repoKey(org.login, name))) {
      throw fail(422, 'Repository creation failed.', documentation, {
        errors: [{ resource: 'Repository', code: 'custom', field: 'name', message: 'name already exists on this account' }],
      });
    }
    const id = state.nextId();
    const gitdir = path.join(state.dataDir, `${id}.git`);
    await git.init({ fs, gitdir, bare: true, defaultBranch: 'main' });
    const keyPair = sodium.crypto_box_keypair();
    const created = now();
    const repo: Repository = {
      id,
      name,
      owner: org,
      description: typeof body.description === 'string' ? body.description : null,
      private: isPrivate,
      defaultBranch: 'main',
      createdAt: created,
      updatedAt: created,
      pushedAt: created,
      gitdir,
      keyPair: { keyId: String(BigInt(`0x${randomBytes(8).toString('hex')}`) % 10n ** 18n), publicKey: keyPair.publicKey, privateKey: keyPair.privateKey },
      secrets: new Map(),
    };
    state.repositories.set(repoKey(org.login, name), repo);
    return { status: 201, body: fullRepository(state.base, repo, 0), headers: { location: state.repoUrl(repo) } };
  });

  router.route('GET', '/repos/{owner}/{repo}', (request) => {
    const repo = state.repository(request, 'repos/repos#get-a-repository');
    return { status: 200, body: fullRepository(state.base, repo, 0) };
  });

  router.route('DELETE', '/repos/{owner}/{repo}', async (request) => {
    const documentation = 'repos/repos#delete-a-repository';
    const repo = state.repository(request, documentation);
    if (!state.hasScope(request.session, 'delete_repo') || state.role(repo.owner, request.session) !== 'admin') {
      throw fail(403, 'Must have admin rights to Repository.', documentation);
    }
    state.repositories.delete(repoKey(repo.owner.login, repo.name));
    state.actions.forget(repo);
    await rm(repo.gitdir, { recursive: true, force: true });
    return { status: 204 };
  });
}
