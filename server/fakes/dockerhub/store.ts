import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';

/**
 * The state behind both fake hosts: accounts, the content-addressed blob store, repositories with their manifests
 * and tags, open uploads and issued tokens. Docker Hub creates a repository on its owner's first push.
 */

export interface StoredManifest {
  body: Buffer;
  mediaType: string;
  /** The blobs it refers to (config and layers). */
  references: string[];
  /** Sum of its layers' sizes (Docker Hub's full_size). */
  layersSize: number;
  pushedAt: Date;
}

export interface StoredTag {
  digest: string;
  lastUpdated: Date;
  id: number;
  updaterId: number;
}

export interface StoredRepository {
  id: number;
  namespace: string;
  name: string;
  blobs: Set<string>;
  manifests: Map<string, StoredManifest>;
  tags: Map<string, StoredTag>;
}

/** What a personal access token may do, as Docker Hub's scopes say: Read; Read & Write; Read, Write & Delete. */
export type TokenAccess = 'read' | 'write' | 'delete';

export interface Account {
  id: number;
  username: string;
  token: string;
  access: TokenAccess;
}

interface IssuedToken {
  username: string | null;
  /** repository name -> actions granted ('pull', 'push'); empty for Hub API tokens. */
  access: Map<string, Set<string>>;
  expiresAt: number;
}

export const TOKEN_LIFETIME_SECONDS = 300;

export const sha256 = (bytes: Buffer): string => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

export class FakeDockerHubStore {
  private nextId = 1;
  readonly accounts = new Map<string, Account>();
  readonly blobs = new Map<string, Buffer>();
  readonly repositories = new Map<string, StoredRepository>();
  readonly uploads = new Map<string, { repository: string; chunks: Buffer[] }>();
  private readonly registryTokens = new Map<string, IssuedToken>();
  private readonly hubTokens = new Map<string, IssuedToken>();
  private readonly signingKey = randomBytes(32);

  constructor(users: Record<string, string>) {
    for (const [username, token] of Object.entries(users)) this.addUser(username, token);
  }

  addUser(username: string, token: string, access: TokenAccess = 'delete'): void {
    this.accounts.set(username, { id: this.nextId++, username, token, access });
  }

  /** The account whose username and token (password or personal access token) these are, or null. */
  authenticate(username: string, secret: string): Account | null {
    const account = this.accounts.get(username);
    return account && secret.length > 0 && account.token === secret ? account : null;
  }

  /** A JWT shaped like auth.docker.io's: its `access` claim lists the actions granted per repository. */
  async issueRegistryToken(username: string | null, access: Map<string, Set<string>>): Promise<string> {
    const claims = { access: [...access].map(([name, actions]) => ({ type: 'repository', name, actions: [...actions] })) };
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('auth.docker.io')
      .setAudience('registry.docker.io')
      .setSubject(username ?? '')
      .setIssuedAt()
      .setNotBefore('0s')
      .setJti(randomUUID())
      .setExpirationTime(`${TOKEN_LIFETIME_SECONDS}s`)
      .sign(this.signingKey);
    this.registryTokens.set(token, { username, access, expiresAt: Date.now() + TOKEN_LIFETIME_SECONDS * 1000 });
    return token;
  }

  issueHubToken(username: string): string {
    return this.issue(this.hubTokens, username, new Map());
  }

  registryToken(token: string): IssuedToken | null {
    return live(this.registryTokens, token);
  }

  hubToken(token: string): IssuedToken | null {
    return live(this.hubTokens, token);
  }

  repository(name: string): StoredRepository | null {
    return this.repositories.get(name) ?? null;
  }

  /** The repository, created on its first push. */
  ensureRepository(name: string): StoredRepository {
    let repository = this.repositories.get(name);
    if (!repository) {
      const [namespace, repo] = name.split('/');
      repository = { id: this.nextId++, namespace, name: repo, blobs: new Set(), manifests: new Map(), tags: new Map() };
      this.repositories.set(name, repository);
    }
    return repository;
  }

  nextTagId(): number {
    return this.nextId++;
  }

  /**
   * Drops manifests no tag names, and blobs no repository holds. A repository keeps the blobs pushed to it until
   * it is deleted (Docker Hub collects them lazily), which also keeps a push in progress safe.
   */
  collect(): void {
    const held = new Set<string>();
    for (const repository of this.repositories.values()) {
      const tagged = new Set([...repository.tags.values()].map((tag) => tag.digest));
      for (const digest of [...repository.manifests.keys()]) if (!tagged.has(digest)) repository.manifests.delete(digest);
      for (const blob of repository.blobs) held.add(blob);
    }
    for (const digest of [...this.blobs.keys()]) if (!held.has(digest)) this.blobs.delete(digest);
  }

  private issue(store: Map<string, IssuedToken>, username: string | null, access: Map<string, Set<string>>): string {
    const token = randomBytes(24).toString('base64url');
    store.set(token, { username, access, expiresAt: Date.now() + TOKEN_LIFETIME_SECONDS * 1000 });
    return token;
  }
}

function live(store: Map<string, IssuedToken>, token: string): IssuedToken | null {
  const issued = store.get(token);
  if (!issued) return null;
  if (issued.expiresAt <= Date.now()) {
    store.delete(token);
    return null;
  }
  return issued;
}
