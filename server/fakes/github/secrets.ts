import sodium from 'libsodium-wrappers';
import { invalid, notFound, type Router } from './http.js';
import { type GitHubState, now } from './state.js';

const SECRET_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Actions secrets, sealed with the repository's libsodium public key and kept decrypted for tests. */
export function secretRoutes(router: Router, state: GitHubState): void {
  router.route('GET', '/repos/{owner}/{repo}/actions/secrets/public-key', (request) => {
    const repo = state.repository(request, 'actions/secrets#get-a-repository-public-key');
    return { status: 200, body: { key_id: repo.keyPair.keyId, key: sodium.to_base64(repo.keyPair.publicKey, sodium.base64_variants.ORIGINAL) } };
  });

  router.route('GET', '/repos/{owner}/{repo}/actions/secrets', (request) => {
    const repo = state.repository(request, 'actions/secrets#list-repository-secrets');
    const perPage = Math.min(Math.max(Number(request.query.get('per_page') ?? 30) || 30, 1), 100);
    const page = Math.max(Number(request.query.get('page') ?? 1) || 1, 1);
    const all = [...repo.secrets.entries()].sort(([a], [b]) => a.localeCompare(b));
    const secrets = all.slice((page - 1) * perPage, page * perPage).map(([name, secret]) => ({ name, created_at: secret.createdAt, updated_at: secret.updatedAt }));
    const lastPage = Math.max(Math.ceil(all.length / perPage), 1);
    const link = (n: number, rel: string) => `<${state.repoUrl(repo)}/actions/secrets?per_page=${perPage}&page=${n}>; rel="${rel}"`;
    const links = [...(page < lastPage ? [link(page + 1, 'next'), link(lastPage, 'last')] : []), ...(page > 1 ? [link(1, 'first'), link(page - 1, 'prev')] : [])];
    return { status: 200, body: { total_count: all.length, secrets }, headers: links.length ? { link: links.join(', ') } : undefined };
  });

  router.route('GET', '/repos/{owner}/{repo}/actions/secrets/{name}', (request) => {
    const documentation = 'actions/secrets#get-a-repository-secret';
    const repo = state.repository(request, documentation);
    const name = request.params.name.toUpperCase();
    const secret = repo.secrets.get(name);
    if (!secret) throw notFound(documentation);
    return { status: 200, body: { name, created_at: secret.createdAt, updated_at: secret.updatedAt } };
  });

  router.route('PUT', '/repos/{owner}/{repo}/actions/secrets/{name}', (request) => {
    const documentation = 'actions/secrets#create-or-update-a-repository-secret';
    const repo = state.repository(request, documentation);
    const name = request.params.name.toUpperCase();
    if (!SECRET_NAME.test(name) || name.startsWith('GITHUB_')) {
      throw invalid('Secret names can only contain alphanumeric characters ([a-z], [A-Z], [0-9]) or underscores (_), must not start with a number or GITHUB_.', documentation);
    }
    const { encrypted_value: encrypted, key_id: keyId } = request.body;
    if (typeof encrypted !== 'string') throw invalid('Invalid request.\n\n"encrypted_value" wasn\'t supplied.', documentation);
    if (typeof keyId !== 'string') throw invalid('Invalid request.\n\n"key_id" wasn\'t supplied.', documentation);
    if (keyId !== repo.keyPair.keyId) throw invalid('Bad request - key_id does not match the repository public key.', documentation);
    let value: string;
    try {
      value = sodium.to_string(sodium.crypto_box_seal_open(sodium.from_base64(encrypted, sodium.base64_variants.ORIGINAL), repo.keyPair.publicKey, repo.keyPair.privateKey));
    } catch {
      throw invalid('Bad request - encrypted_value could not be decrypted with the repository public key.', documentation);
    }
    const existing = repo.secrets.get(name);
    const at = now();
    repo.secrets.set(name, { value, createdAt: existing?.createdAt ?? at, updatedAt: at });
    return existing ? { status: 204 } : { status: 201, body: {} };
  });

  router.route('DELETE', '/repos/{owner}/{repo}/actions/secrets/{name}', (request) => {
    const documentation = 'actions/secrets#delete-a-repository-secret';
    const repo = state.repository(request, documentation);
    if (!repo.secrets.delete(request.params.name.toUpperCase())) throw notFound(documentation);
    return { status: 204 };
  });
}
