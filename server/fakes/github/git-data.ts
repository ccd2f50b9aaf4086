import fs from 'node:fs';
import git from 'isomorphic-git';
import { checkRefName, commitJson, flatten, fullRef, type Leaf, personFrom, refJson, tagJson, treeJson, writeNested } from './git-objects.js';
import { invalid, notFound, type Router } from './http.js';
import { nodeId } from './representations.js';
import type { GitHubState } from './state.js';

const MODES = new Set(['100644', '100755', '040000', '160000', '120000']);

/** The Git Data API over the repositories' bare git directories: blobs, trees, commits, refs and annotated tags. */
export function gitDataRoutes(router: Router, state: GitHubState): void {
  router.route('POST', '/repos/{owner}/{repo}/git/blobs', async (request) => {
    const documentation = 'git/blobs#create-a-blob';
    const repo = await state.gitRepository(request, documentation);
    const { content, encoding = 'utf-8' } = request.body;
    if (typeof content !== 'string') throw invalid('Invalid request.\n\n"content" wasn\'t supplied.', documentation);
    if (encoding !== 'utf-8' && encoding !== 'base64') throw invalid(`encoding must be either 'utf-8' or 'base64'`, documentation);
    const sha = await git.writeBlob({ fs, gitdir: repo.gitdir, blob: Buffer.from(content, encoding === 'base64' ? 'base64' : 'utf8') });
    return { status: 201, body: { url: `${state.repoUrl(repo)}/git/blobs/${sha}`, sha }, headers: { location: `${state.repoUrl(repo)}/git/blobs/${sha}` } };
  });

  router.route('GET', '/repos/{owner}/{repo}/git/blobs/{sha}', async (request) => {
    const documentation = 'git/blobs#get-a-blob';
    const repo = await state.gitRepository(request, documentation);
    const object = await state.readObject(repo, request.params.sha);
    if (!object || object.type !== 'blob') throw notFound(documentation);
    const content = Buffer.from(object.object as Uint8Array);
    return {
      status: 200,
      body: {
        sha: request.params.sha,
        node_id: nodeId('B', request.params.sha),
        size: content.length,
        url: `${state.repoUrl(repo)}/git/blobs/${request.params.sha}`,
        // GitHub wraps the base64 text at 60 characters.
        content: `${(content.toString('base64').match(/.{1,60}/g) ?? []).join('\n')}\n`,
        encoding: 'base64',
      },
    };
  });

  router.route('POST', '/repos/{owner}/{repo}/git/trees', async (request) => {
    const documentation = 'git/trees#create-a-tree';
    const repo = await state.gitRepository(request, documentation);
    const { tree, base_tree: baseTree } = request.body;
    if (!Array.isArray(tree)) throw invalid('Invalid request.\n\n"tree" wasn\'t supplied.', documentation);
    let leaves = new Map<string, Leaf>();
    if (baseTree !== undefined && baseTree !== null) {
      const object = typeof baseTree === 'string' ? await state.readObject(repo, baseTree) : null;
      if (!object || object.type !== 'tree') throw invalid('base_tree is not a valid tree oid', documentation);
      leaves = await flatten(repo, baseTree as string);
    }
    for (const raw of tree as Array<Record<string, unknown>>) {
      const entryPath = raw.path;
      if (typeof entryPath !== 'string' || entryPath.split('/').some((s) => s === '' || s === '.' || s === '..' || s.toLowerCase() === '.git')) {
        throw invalid('tree.path contains a malformed path component', documentation);
      }
      if (typeof raw.mode !== 'string' || !MODES.has(raw.mode)) {
        throw invalid(`Invalid request.\n\n${String(raw.mode)} is not a member of ["100644", "100755", "040000", "160000", "120000"].`, documentation);
      }
      const type = raw.type ?? (raw.mode === '040000' ? 'tree' : raw.mode === '160000' ? 'commit' : 'blob');
      if (raw.sha === null) {
        leaves.delete(entryPath);
        for (const leafPath of [...leaves.keys()]) if (leafPath.startsWith(`${entryPath}/`)) leaves.delete(leafPath);
        continue;
      }
      let sha: string;
      if (typeof raw.content === 'string') {
        sha = await git.writeBlob({ fs, gitdir: repo.gitdir, blob: Buffer.from(raw.content, 'utf8') });
      } else if (typeof raw.sha === 'string') {
        sha = raw.sha;
        const object = type === 'commit' ? null : await state.readObject(repo, sha);
        if (type !== 'commit' && (!object || object.type !== type)) throw invalid('GitRPC::BadObjectState', documentation);
      } else {
        throw invalid('Must supply either tree.sha or tree.content', documentation);
      }
      if (type === 'tree') {
        for (const leafPath of [...leaves.keys()]) if (leafPath.startsWith(`${entryPath}/`)) leaves.delete(leafPath);
        await flatten(repo, sha, `${entryPath}/`, leaves);
      } else {
        leaves.set(entryPath, { mode: raw.mode, type: String(type), sha });
      }
    }
    const sha = await writeNested(repo, leaves);
    return { status: 201, body: await treeJson(state, repo, sha, false), headers: { location: `${state.repoUrl(repo)}/git/trees/${sha}` } };
  });

  router.route('GET', '/repos/{owner}/{repo}/git/trees/{sha}', async (request) => {
    const documentation = 'git/trees#get-a-tree';
    const repo = await state.gitRepository(request, documentation);
    let object = await state.readObject(repo, request.params.sha);
    if (object?.type === 'commit') object = await state.readObject(repo, (object.object as { tree: string }).tree);
    if (!object || object.type !== 'tree') throw notFound(documentation);
    const recursive = request.query.has('recursive') && !['0', 'false'].includes(request.query.get('recursive') ?? '');
    return { status: 200, body: await treeJson(state, repo, object.oid, recursive) };
  });

  router.route('POST', '/repos/{owner}/{repo}/git/commits', async (request) => {
    const documentation = 'git/commits#create-a-commit';
    const repo = await state.gitRepository(request, documentation);
    const { message, tree, parents = [] } = request.body;
    if (typeof message !== 'string') throw invalid('Invalid request.\n\n"message" wasn\'t supplied.', documentation);
    if (typeof tree !== 'string') throw invalid('Invalid request.\n\n"tree" wasn\'t supplied.', documentation);
    const treeObject = await state.readObject(repo, tree);
    if (!treeObject || treeObject.type !== 'tree') throw invalid('Tree SHA does not exist', documentation);
    if (!Array.isArray(parents)) throw invalid('Invalid request.\n\nFor \'properties/parents\', is not an array.', documentation);
    for (const parent of parents) {
      const object = typeof parent === 'string' ? await state.readObject(repo, parent) : null;
      if (!object || object.type !== 'commit') throw invalid('Parent SHA does not exist or is not a commit object', documentation);
    }
    const fallback = { name: request.session.user.login, email: `${request.session.user.id}+${request.session.user.login}@users.noreply.github.com` };
    const author = personFrom(request.body.author, fallback, documentation);
    const committer = personFrom(request.body.committer, request.body.author ? { name: author.name, email: author.email } : fallback, documentation);
    const sha = await git.writeCommit({
      fs,
      gitdir: repo.gitdir,
      commit: { message: message.endsWith('\n') ? message : `${message}\n`, tree, parent: parents as string[], author, committer },
    });
    return { status: 201, body: await commitJson(state, repo, sha), headers: { location: `${state.repoUrl(repo)}/git/commits/${sha}` } };
  });

  router.route('GET', '/repos/{owner}/{repo}/git/commits/{sha}', async (request) => {
    const documentation = 'git/commits#get-a-commit-object';
    const repo = await state.gitRepository(request, documentation);
    const object = await state.readObject(repo, request.params.sha);
    if (!object || object.type !== 'commit') throw notFound(documentation);
    return { status: 200, body: await commitJson(state, repo, request.params.sha) };
  });

  router.route('GET', '/repos/{owner}/{repo}/git/ref/{ref+}', async (request) => {
    const documentation = 'git/refs#get-a-reference';
    const repo = await state.gitRepository(request, documentation);
    const ref = fullRef(request.params.ref);
    if ((await state.resolveRef(repo, ref)) === null) throw notFound(documentation);
    return { status: 200, body: await refJson(state, repo, ref) };
  });

  router.route('GET', '/repos/{owner}/{repo}/git/refs', async (request) => {
    const repo = await state.gitRepository(request, 'git/refs#list-matching-references');
    const refs = [
      ...(await git.listBranches({ fs, gitdir: repo.gitdir })).map((name) => `refs/heads/${name}`),
      ...(await git.listTags({ fs, gitdir: repo.gitdir })).map((name) => `refs/tags/${name}`),
    ].sort();
    return { status: 200, body: await Promise.all(refs.map((ref) => refJson(state, repo, ref))) };
  });

  router.route('GET', '/repos/{owner}/{repo}/git/matching-refs/{ref+}', async (request) => {
    const repo = await state.gitRepository(request, 'git/refs#list-matching-references');
    const prefix = fullRef(request.params.ref);
    const refs = [
      ...(await git.listBranches({ fs, gitdir: repo.gitdir })).map((name) => `refs/heads/${name}`),
      ...(await git.listTags({ fs, gitdir: repo.gitdir })).map((name) => `refs/tags/${name}`),
    ]
      .filter((ref) => ref.startsWith(prefix))
      .sort();
    return { status: 200, body: await Promise.all(refs.map((ref) => refJson(state, repo, ref))) };
  });

  router.route('POST', '/repos/{owner}/{repo}/git/refs', async (request) => {
    const documentation = 'git/refs#create-a-reference';
    const repo = await state.gitRepository(request, documentation);
    const { ref, sha } = request.body;
    if (typeof ref !== 'string') throw invalid('Invalid request.\n\n"ref" wasn\'t supplied.', documentation);
    if (typeof sha !== 'string') throw invalid('Invalid request.\n\n"sha" wasn\'t supplied.', documentation);
    checkRefName(ref, documentation);
    if (!(await state.readObject(repo, sha))) throw invalid('Object does not exist', documentation);
    if ((await state.resolveRef(repo, ref)) !== null) throw invalid('Reference already exists', documentation);
    await git.writeRef({ fs, gitdir: repo.gitdir, ref, value: sha });
    await state.refMoved(repo, request.session.user, ref, null, sha);
    return { status: 201, body: await refJson(state, repo, ref), headers: { location: `${state.repoUrl(repo)}/git/${ref}` } };
  });

  router.route('PATCH', '/repos/{owner}/{repo}/git/refs/{ref+}', async (request) => {
    const documentation = 'git/refs#update-a-reference';
    const repo = await state.gitRepository(request, documentation);
    const ref = fullRef(request.params.ref);
    const { sha, force = false } = request.body;
    if (typeof sha !== 'string') throw invalid('Invalid request.\n\n"sha" wasn\'t supplied.', documentation);
    const current = await state.resolveRef(repo, ref);
    if (current === null) throw invalid('Reference does not exist', documentation);
    const object = await state.readObject(repo, sha);
    if (!object) throw invalid('Object does not exist', documentation);
    if (force !== true && ref.startsWith('refs/heads/')) {
      const fastForward = object.type === 'commit' && (current === sha || (await git.isDescendent({ fs, gitdir: repo.gitdir, oid: sha, ancestor: current, depth: -1 })));
      if (!fastForward) throw invalid('Update is not a fast forward', documentation);
    }
    await git.writeRef({ fs, gitdir: repo.gitdir, ref, value: sha, force: true });
    await state.refMoved(repo, request.session.user, ref, current, sha);
    return { status: 200, body: await refJson(state, repo, ref) };
  });

  router.route('DELETE', '/repos/{owner}/{repo}/git/refs/{ref+}', async (request) => {
    const documentation = 'git/refs#delete-a-reference';
    const repo = await state.gitRepository(request, documentation);
    const ref = fullRef(request.params.ref);
    const current = await state.resolveRef(repo, ref);
    if (current === null) throw invalid('Reference does not exist', documentation);
    await git.deleteRef({ fs, gitdir: repo.gitdir, ref });
    await state.refMoved(repo, request.session.user, ref, current, null);
    return { status: 204 };
  });

  router.route('POST', '/repos/{owner}/{repo}/git/tags', async (request) => {
    const documentation = 'git/tags#create-a-tag-object';
    const repo = await state.gitRepository(request, documentation);
    const { tag, message, object, type } = request.body;
    for (const [field, value] of Object.entries({ tag, message, object, type })) {
      if (typeof value !== 'string') throw invalid(`Invalid request.\n\n"${field}" wasn't supplied.`, documentation);
    }
    if (!['commit', 'tree', 'blob'].includes(type as string)) {
      throw invalid(`Invalid request.\n\n${String(type)} is not a member of ["commit", "tree", "blob"].`, documentation);
    }
    const target = await state.readObject(repo, object as string);
    if (!target || target.type !== type) throw invalid('Object does not exist', documentation);
    const tagger = personFrom(request.body.tagger, { name: request.session.user.login, email: `${request.session.user.id}+${request.session.user.login}@users.noreply.github.com` }, documentation);
    const sha = await git.writeTag({
      fs,
      gitdir: repo.gitdir,
      tag: {
        object: object as string,
        type: type as 'commit' | 'tree' | 'blob',
        tag: tag as string,
        tagger,
        message: (message as string).endsWith('\n') ? (message as string) : `${message as string}\n`,
      },
    });
    return { status: 201, body: await tagJson(state, repo, sha), headers: { location: `${state.repoUrl(repo)}/git/tags/${sha}` } };
  });

  router.route('GET', '/repos/{owner}/{repo}/git/tags/{sha}', async (request) => {
    const documentation = 'git/tags#get-a-tag';
    const repo = await state.gitRepository(request, documentation);
    const object = await state.readObject(repo, request.params.sha);
    if (!object || object.type !== 'tag') throw notFound(documentation);
    return { status: 200, body: await tagJson(state, repo, request.params.sha) };
  });
}
