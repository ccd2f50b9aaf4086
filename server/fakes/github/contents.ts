import fs from 'node:fs';
import git from 'isomorphic-git';
import { commitJson, flatten, personFrom, writeNested } from './git-objects.js';
import { fail, invalid, type Router } from './http.js';
import type { GitHubState } from './state.js';

/** The Contents API's file creation. */
export function contentsRoutes(router: Router, state: GitHubState): void {
  // Contents API: creating a file (the one write GitHub accepts on an empty repository).
  router.route('PUT', '/repos/{owner}/{repo}/contents/{path+}', async (request) => {
    const documentation = 'repos/contents#create-or-update-file-contents';
    const repo = state.repository(request, documentation);
    const { body } = request;
    if (typeof body.message !== 'string') throw invalid('Invalid request.\n\n"message" wasn\'t supplied.', documentation);
    if (typeof body.content !== 'string') throw invalid('Invalid request.\n\n"content" wasn\'t supplied.', documentation);
    const filePath = decodeURIComponent(request.params.path);
    if (filePath.split('/').some((s) => s === '' || s === '.' || s === '..' || s.toLowerCase() === '.git')) {
      throw invalid('path contains a malformed path component', documentation);
    }
    const branch = typeof body.branch === 'string' ? body.branch : repo.defaultBranch;
    const head = await state.resolveRef(repo, `refs/heads/${branch}`);
    if (!head && !(await state.isEmpty(repo))) throw fail(404, `Branch ${branch} not found`, documentation);
    const leaves = head ? await flatten(repo, (await git.readCommit({ fs, gitdir: repo.gitdir, oid: head })).commit.tree) : new Map();
    const existing = leaves.get(filePath);
    if (existing && body.sha !== existing.sha) throw invalid(`Invalid request.\n\n"sha" wasn't supplied.`, documentation);
    const blob = await git.writeBlob({ fs, gitdir: repo.gitdir, blob: Buffer.from(body.content, 'base64') });
    leaves.set(filePath, { mode: existing?.mode ?? '100644', type: 'blob', sha: blob });
    const tree = await writeNested(repo, leaves);
    const committer = personFrom(body.committer, { name: request.session.user.login, email: `${request.session.user.id}+${request.session.user.login}@users.noreply.github.com` }, documentation);
    const author = personFrom(body.author, committer, documentation);
    const sha = await git.writeCommit({
      fs,
      gitdir: repo.gitdir,
      commit: { message: body.message.endsWith('\n') ? body.message : `${body.message}\n`, tree, parent: head ? [head] : [], author, committer },
    });
    await git.writeRef({ fs, gitdir: repo.gitdir, ref: `refs/heads/${branch}`, value: sha, force: true });
    await state.refMoved(repo, request.session.user, `refs/heads/${branch}`, head ?? null, sha);
    const name = filePath.split('/').pop()!;
    const contentUrl = `${state.repoUrl(repo)}/contents/${filePath}?ref=${branch}`;
    const { blob: bytes } = await git.readBlob({ fs, gitdir: repo.gitdir, oid: blob });
    return {
      status: existing ? 200 : 201,
      body: {
        content: {
          name,
          path: filePath,
          sha: blob,
          size: bytes.length,
          url: contentUrl,
          html_url: `${state.base}/${repo.owner.login}/${repo.name}/blob/${branch}/${filePath}`,
          git_url: `${state.repoUrl(repo)}/git/blobs/${blob}`,
          download_url: `${state.base}/raw/${repo.owner.login}/${repo.name}/${branch}/${filePath}`,
          type: 'file',
          _links: { self: contentUrl, git: `${state.repoUrl(repo)}/git/blobs/${blob}`, html: `${state.base}/${repo.owner.login}/${repo.name}/blob/${branch}/${filePath}` },
        },
        commit: await commitJson(state, repo, sha),
      },
    };
  });
}
