/**
 * GitHub REST representations (api.github.com, API version 2022-11-28) as the fake answers them: every field the
 * published OpenAPI description (@octokit/openapi) marks required, with GitHub's own URL shapes under the fake's
 * base URL. Values that the fake does not model (stars, forks, licences…) are the ones a new repository has.
 */

export interface FakeUser {
  id: number;
  login: string;
}

export interface FakeOrganization {
  id: number;
  login: string;
  createdAt: string;
  members: Map<string, 'admin' | 'member'>;
  membersCanCreateRepositories: boolean;
}

export interface FakeRepositoryRecord {
  id: number;
  name: string;
  owner: FakeOrganization;
  description: string | null;
  private: boolean;
  defaultBranch: string;
  createdAt: string;
  updatedAt: string;
  pushedAt: string | null;
}

export function nodeId(prefix: string, id: number | string): string {
  return Buffer.from(`${prefix}:${id}`).toString('base64').replace(/=+$/, '');
}

export function simpleUser(base: string, user: { id: number; login: string; type: 'User' | 'Organization' }) {
  const url = `${base}/users/${user.login}`;
  return {
    login: user.login,
    id: user.id,
    node_id: nodeId(user.type === 'User' ? 'U' : 'O', user.id),
    avatar_url: `${base}/avatars/u/${user.id}?v=4`,
    gravatar_id: '',
    url,
    html_url: `${base}/${user.login}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type: user.type,
    user_view_type: 'public',
    site_admin: false,
  };
}

export function privateUser(base: string, user: FakeUser, createdAt: string) {
  return {
    ...simpleUser(base, { ...user, type: 'User' }),
    user_view_type: 'private',
    name: null,
    company: null,
    blog: '',
    location: null,
    email: null,
    hireable: null,
    bio: null,
    twitter_username: null,
    notification_email: null,
    public_repos: 0,
    public_gists: 0,
    followers: 0,
    following: 0,
    created_at: createdAt,
    updated_at: createdAt,
    private_gists: 0,
    total_private_repos: 0,
    owned_private_repos: 0,
    disk_usage: 0,
    collaborators: 0,
    two_factor_authentication: true,
    plan: { name: 'free', space: 976562499, collaborators: 0, private_repos: 10000 },
  };
}

export function organizationSimple(base: string, org: FakeOrganization) {
  const url = `${base}/orgs/${org.login}`;
  return {
    login: org.login,
    id: org.id,
    node_id: nodeId('O', org.id),
    url,
    repos_url: `${url}/repos`,
    events_url: `${url}/events`,
    hooks_url: `${url}/hooks`,
    issues_url: `${url}/issues`,
    members_url: `${url}/members{/member}`,
    public_members_url: `${url}/public_members{/member}`,
    avatar_url: `${base}/avatars/u/${org.id}?v=4`,
    description: null,
  };
}

/** GET /orgs/{org}; the member-only settings are shown to members, as GitHub does. */
export function organizationFull(base: string, org: FakeOrganization, viewerIsMember: boolean) {
  return {
    ...organizationSimple(base, org),
    // company, blog, location, email: absent, as for an organization that never filled them in.
    name: org.login,
    is_verified: false,
    has_organization_projects: true,
    has_repository_projects: true,
    public_repos: 0,
    public_gists: 0,
    followers: 0,
    following: 0,
    html_url: `${base}/${org.login}`,
    created_at: org.createdAt,
    updated_at: org.createdAt,
    archived_at: null,
    type: 'Organization',
    ...(viewerIsMember
      ? {
          default_repository_permission: 'read',
          members_can_create_repositories: org.membersCanCreateRepositories,
          members_can_create_public_repositories: org.membersCanCreateRepositories,
          members_can_create_private_repositories: org.membersCanCreateRepositories,
          members_allowed_repository_creation_type: org.membersCanCreateRepositories ? 'all' : 'none',
          two_factor_requirement_enabled: false,
        }
      : {}),
  };
}

export function orgMembership(base: string, org: FakeOrganization, user: FakeUser, role: 'admin' | 'member') {
  return {
    url: `${base}/orgs/${org.login}/memberships/${user.login}`,
    state: 'active',
    role,
    organization_url: `${base}/orgs/${org.login}`,
    organization: organizationSimple(base, org),
    user: simpleUser(base, { ...user, type: 'User' }),
    permissions: { can_create_repository: role === 'admin' || org.membersCanCreateRepositories },
  };
}

export function fullRepository(base: string, repo: FakeRepositoryRecord, size: number) {
  const fullName = `${repo.owner.login}/${repo.name}`;
  const url = `${base}/repos/${fullName}`;
  const host = new URL(base).host;
  return {
    id: repo.id,
    node_id: nodeId('R', repo.id),
    name: repo.name,
    full_name: fullName,
    private: repo.private,
    owner: simpleUser(base, { id: repo.owner.id, login: repo.owner.login, type: 'Organization' }),
    html_url: `${base}/${fullName}`,
    description: repo.description,
    fork: false,
    url,
    archive_url: `${url}/{archive_format}{/ref}`,
    assignees_url: `${url}/assignees{/user}`,
    blobs_url: `${url}/git/blobs{/sha}`,
    branches_url: `${url}/branches{/branch}`,
    collaborators_url: `${url}/collaborators{/collaborator}`,
    comments_url: `${url}/comments{/number}`,
    commits_url: `${url}/commits{/sha}`,
    compare_url: `${url}/compare/{base}...{head}`,
    contents_url: `${url}/contents/{+path}`,
    contributors_url: `${url}/contributors`,
    deployments_url: `${url}/deployments`,
    downloads_url: `${url}/downloads`,
    events_url: `${url}/events`,
    forks_url: `${url}/forks`,
    git_commits_url: `${url}/git/commits{/sha}`,
    git_refs_url: `${url}/git/refs{/sha}`,
    git_tags_url: `${url}/git/tags{/sha}`,
    git_url: `git://${host}/${fullName}.git`,
    issue_comment_url: `${url}/issues/comments{/number}`,
    issue_events_url: `${url}/issues/events{/number}`,
    issues_url: `${url}/issues{/number}`,
    keys_url: `${url}/keys{/key_id}`,
    labels_url: `${url}/labels{/name}`,
    languages_url: `${url}/languages`,
    merges_url: `${url}/merges`,
    milestones_url: `${url}/milestones{/number}`,
    notifications_url: `${url}/notifications{?since,all,participating}`,
    pulls_url: `${url}/pulls{/number}`,
    releases_url: `${url}/releases{/id}`,
    ssh_url: `git@${host}:${fullName}.git`,
    stargazers_url: `${url}/stargazers`,
    statuses_url: `${url}/statuses/{sha}`,
    subscribers_url: `${url}/subscribers`,
    subscription_url: `${url}/subscription`,
    tags_url: `${url}/tags`,
    teams_url: `${url}/teams`,
    trees_url: `${url}/git/trees{/sha}`,
    clone_url: `${base}/${fullName}.git`,
    mirror_url: null,
    hooks_url: `${url}/hooks`,
    svn_url: `${base}/${fullName}`,
    homepage: null,
    language: null,
    forks_count: 0,
    stargazers_count: 0,
    watchers_count: 0,
    size,
    default_branch: repo.defaultBranch,
    open_issues_count: 0,
    is_template: false,
    topics: [],
    has_issues: true,
    has_projects: true,
    has_wiki: true,
    has_pages: false,
    has_downloads: true,
    has_discussions: false,
    archived: false,
    disabled: false,
    visibility: repo.private ? 'private' : 'public',
    pushed_at: repo.pushedAt,
    created_at: repo.createdAt,
    updated_at: repo.updatedAt,
    permissions: { admin: true, maintain: true, push: true, triage: true, pull: true },
    allow_rebase_merge: true,
    allow_squash_merge: true,
    allow_merge_commit: true,
    allow_auto_merge: false,
    delete_branch_on_merge: false,
    allow_forking: false,
    web_commit_signoff_required: false,
    license: null,
    forks: 0,
    open_issues: 0,
    watchers: 0,
    network_count: 0,
    subscribers_count: 0,
    organization: simpleUser(base, { id: repo.owner.id, login: repo.owner.login, type: 'Organization' }),
  };
}

export const UNVERIFIED = { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null };
