import type { DataSource } from 'typeorm';
import type { EventBus } from '../../events/event-bus.js';
import { isUuid } from '../../common/validation.js';
import type { Authenticated } from '../auth/token.service.js';
import { deploymentNotFound } from '../deployments/deployments.errors.js';
import { MemberRole, type ProjectRole, isMemberRole, roleAllows } from '../members/member-role.js';
import { roleTooLow } from '../members/members.errors.js';
import { User } from '../users/user.entity.js';
import { projectNotFound } from '../projects/projects.errors.js';
import { versionNotFound } from '../versions/versions.errors.js';
import { TokenScope } from './token-scope.js';
import { projectLimited, scopeMissing } from './tokens.errors.js';

type Args = Record<string, unknown>;

/** Where an operation's project is named: the argument holding a project's, version's or deployment's id. */
type ProjectRef = { project: string } | { version: string } | { deployment: string };

/**
 * What one operation (GraphQL root field or REST route) needs: of a token, its scopes and project limit; of a
 * project member (session or token), a role on the project it reaches. Account roles (manager, admin) stay in the
 * services.
 */
interface Rule {
  /** Every scope listed is needed; a function when it depends on the target (yourself, or another user). */
  scopes: TokenScope[] | ((args: Args, userId: string) => TokenScope[]);
  /**
   * How a token limited to some projects finds the one this reaches: 'none' when it reaches no project's data
   * (your account, templates, your tokens). Without one, such a token is refused: the operation spans projects.
   */
  project?: ProjectRef | 'none';
  /**
   * The member role it needs on that project. Default: viewer for a read, developer for a build or deployment
   * (the `deploy` scope, or a change to a version or deployment), maintainer for any other change.
   */
  role?: MemberRole;
}

/**
 * A member (not the owner) acting on a project: the operation runs on the owner's account (a project's rows, runs and
 * provider credentials are its owner's), while `auth` stays who asked.
 */
export interface ProjectActing {
  projectId: string;
  owner: User;
  role: MemberRole;
}

const { read, write, deploy, admin } = TokenScope;
const selfOr = (own: TokenScope[], arg: string) => (args: Args, userId: string) => (args[arg] === undefined || args[arg] === userId ? own : [admin]);
const account: Rule = { scopes: [read], project: 'none' };

/**
 * The one table of what each operation needs of a token. Anything not listed: a read (GraphQL query or
 * subscription, REST GET) needs `read`, anything else `write`; a project-limited token is refused unless the
 * table says where the project is (REST paths under /projects/{id} name it themselves).
 */
const GRAPHQL_RULES: Record<string, Rule> = {
  'Query.me': account,
  'Mutation.login': account,
  'Mutation.register': account,
  'Query.templates': account,
  'Query.template': account,
  'Query.user': { scopes: selfOr([read], 'id'), project: 'none' },
  'Query.users': { scopes: [admin], project: 'none' },
  'Query.accessTokens': { scopes: selfOr([read], 'userId'), project: 'none' },
  'Query.project': { scopes: [read], project: { project: 'id' } },
  'Query.activeDeployment': { scopes: [read], project: { project: 'projectId' } },
  'Query.deployment': { scopes: [read], project: { deployment: 'id' } },
  'Query.version': { scopes: [read], project: { version: 'id' } },
  'Query.versionBuild': { scopes: [read], project: { version: 'versionId' } },
  'Subscription.serverTime': account,
  'Subscription.projectPipeline': { scopes: [read], project: { project: 'projectId' } },
  'Subscription.projectDeployments': { scopes: [read], project: { project: 'projectId' } },
  'Subscription.deploymentLogs': { scopes: [read], project: { deployment: 'id' } },
  'Subscription.versionBuild': { scopes: [read], project: { version: 'versionId' } },
  'Mutation.logout': account,
  'Mutation.createAccessToken': { scopes: [write], project: 'none' },
  'Mutation.revokeAccessToken': { scopes: [write], project: 'none' },
  'Mutation.createUser': { scopes: [admin], project: 'none' },
  'Mutation.deleteUser': { scopes: [admin], project: 'none' },
  'Mutation.updateUser': { scopes: selfOr([write], 'id'), project: 'none' },
  'Mutation.executeCommand': { scopes: [write, deploy] },
  'Mutation.updateProject': { scopes: [write], project: { project: 'id' } },
  'Mutation.updateProjectEnvironment': { scopes: [write], project: { project: 'id' } },
  'Mutation.setProjectStatus': { scopes: [write], project: { project: 'id' } },
  'Mutation.deleteProject': { scopes: [write], project: { project: 'id' } },
  'Mutation.archiveDeployments': { scopes: [write], project: { project: 'projectId' }, role: MemberRole.developer },
  'Query.projectMembers': { scopes: [read], project: { project: 'projectId' } },
  'Query.auditLog': { scopes: [read], project: { project: 'projectId' } },
  'Subscription.auditAppended': { scopes: [read], project: { project: 'projectId' } },
  'Mutation.addProjectMember': { scopes: [write], project: { project: 'projectId' } },
  'Mutation.updateProjectMember': { scopes: [write], project: { project: 'projectId' } },
  'Mutation.removeProjectMember': { scopes: [write], project: { project: 'projectId' } },
  'Mutation.retryProjectPipeline': { scopes: [deploy], project: { project: 'projectId' } },
  'Mutation.cancelProjectPipeline': { scopes: [deploy], project: { project: 'projectId' } },
  'Mutation.createVersion': { scopes: [deploy], project: { project: 'projectId' } },
  'Mutation.buildVersion': { scopes: [deploy], project: { version: 'id' } },
  'Mutation.stopVersionBuild': { scopes: [deploy], project: { version: 'id' } },
  'Mutation.updateVersion': { scopes: [write], project: { version: 'id' } },
  'Mutation.archiveVersion': { scopes: [write], project: { version: 'id' } },
  'Mutation.restoreVersion': { scopes: [write], project: { version: 'id' } },
  'Mutation.deleteVersion': { scopes: [write], project: { version: 'id' } },
  'Mutation.createDeployment': { scopes: [deploy], project: { project: 'projectId' } },
  'Mutation.stopDeployments': { scopes: [deploy], project: { project: 'projectId' } },
  'Mutation.rollbackDeployment': { scopes: [deploy], project: { deployment: 'id' } },
  'Mutation.promoteCanary': { scopes: [deploy], project: { deployment: 'id' } },
  'Mutation.abortCanary': { scopes: [deploy], project: { deployment: 'id' } },
  'Mutation.updateDeployment': { scopes: [deploy], project: { deployment: 'id' } },
  'Mutation.deleteDeployment': { scopes: [deploy], project: { deployment: 'id' } },
  'Mutation.checkDeploymentHealth': { scopes: [deploy], project: { deployment: 'id' } },
  'Query.environments': { scopes: [read], project: { project: 'projectId' } },
  'Query.environment': { scopes: [read], project: { project: 'projectId' } },
  'Query.pushes': { scopes: [read], project: { project: 'projectId' } },
  'Mutation.createEnvironment': { scopes: [write], project: { project: 'projectId' } },
  // A change of its variables rolls out a deployment, and auto-deploy decides whether pushes deploy.
  'Mutation.updateEnvironment': { scopes: [write, deploy], project: { project: 'projectId' } },
  'Mutation.deleteEnvironment': { scopes: [write], project: { project: 'projectId' } },
  'Query.promotionPlan': { scopes: [read], project: { project: 'projectId' } },
  'Query.previewSettings': { scopes: [read], project: { project: 'projectId' } },
  'Mutation.updatePreviewSettings': { scopes: [write], project: { project: 'projectId' } },
  'Mutation.addDomain': { scopes: [write], project: { project: 'projectId' } },
  'Mutation.removeDomain': { scopes: [write], project: { project: 'projectId' } },
  'Mutation.promoteEnvironment': { scopes: [deploy], project: { project: 'projectId' } },
};

const REST_RULES: Record<string, Rule> = {
  'GET /users/me': account,
  'POST /users/logout': account,
  'GET /templates': account,
  'GET /templates/{id}': account,
  'GET /users': { scopes: [admin], project: 'none' },
  'POST /users': { scopes: [admin], project: 'none' },
  'GET /users/{id}': { scopes: selfOr([read], 'id'), project: 'none' },
  'PUT /users/{id}': { scopes: selfOr([write], 'id'), project: 'none' },
  'DELETE /users/{id}': { scopes: [admin], project: 'none' },
  'GET /tokens': account,
  'POST /tokens': { scopes: [write], project: 'none' },
  'DELETE /tokens/{id}': { scopes: [write], project: 'none' },
  'GET /users/{id}/tokens': { scopes: selfOr([read], 'id'), project: 'none' },
  'POST /commands': { scopes: [write, deploy] },
  'POST /projects/{id}/status/retry': { scopes: [deploy] },
  'POST /projects/{id}/status/cancel': { scopes: [deploy] },
  'POST /projects/{id}/versions': { scopes: [deploy] },
  'POST /projects/{id}/versions/{versionId}/build': { scopes: [deploy] },
  'POST /projects/{id}/versions/{versionId}/build/stop': { scopes: [deploy] },
  'POST /projects/{id}/deployments': { scopes: [deploy] },
  'POST /projects/{id}/deployments/stop': { scopes: [deploy] },
  'PUT /projects/{id}/deployments/{deploymentId}': { scopes: [deploy] },
  'DELETE /projects/{id}/deployments/{deploymentId}': { scopes: [deploy] },
  'POST /projects/{id}/deployments/{deploymentId}/rollback': { scopes: [deploy] },
  'POST /projects/{id}/deployments/{deploymentId}/promote': { scopes: [deploy] },
  'POST /projects/{id}/deployments/{deploymentId}/abort': { scopes: [deploy] },
  'POST /projects/{id}/deployments/{deploymentId}/health/check': { scopes: [deploy] },
  'POST /projects/{id}/environments/{env}/promote': { scopes: [deploy] },
  'PUT /projects/{id}/environments/{env}': { scopes: [write, deploy] },
  // Domains are the project's settings (a maintainer's), though under environments (a developer's).
  'POST /projects/{id}/environments/{env}/domains': { scopes: [write], role: MemberRole.maintainer },
  'DELETE /projects/{id}/environments/{env}/domains/{hostname}': { scopes: [write], role: MemberRole.maintainer },
};

/** REST paths under one project name it in {id}. */
const PROJECT_PATH = /^\/projects\/\{id\}(\/|$)/;
/** Changes under these are a developer's (builds, deployments); any other change to a project is a maintainer's. */
const DEVELOPER_PATH = /^\/projects\/\{id\}\/(versions|deployments|environments)(\/|$)|^\/projects\/\{id\}\/status\/(retry|cancel)$/;

const NOT_FOUND = { project: projectNotFound, version: versionNotFound, deployment: deploymentNotFound } as const;
const PROJECT_OF = { version: 'SELECT project_id FROM versions WHERE id = $1', deployment: 'SELECT project_id FROM deployments WHERE id = $1' } as const;

/** Whether a credential may use a scope: a session may do whatever its user may; a token only what it was given. */
export function mayUse(auth: Authenticated, scope: TokenScope): boolean {
  return !auth.grant || auth.grant.scopes.includes(scope);
}

/**
 * The one place that decides whether a credential may do an operation on a project, for every GraphQL root field
 * (HTTP and graphql-ws, subscriptions included), every REST route and git over HTTP: a token's scopes (a missing one
 * is 403) and project limit, then the caller's place on the project: its owner may do anything; a member what their
 * role allows (403 beyond it); anyone else is left to the operation, which finds no project of theirs (404).
 * A member's allowed operation is answered with `ProjectActing`: the adapter runs it on the owner's account.
 */
export class AccessPolicy {
  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: EventBus,
  ) {}

  /** Before a GraphQL root field (`Query.project`, `Mutation.deploy`, `Subscription.versionBuild`) runs. */
  graphql(auth: Authenticated | null, parentType: string, field: string, args: Args): Promise<ProjectActing | undefined> | undefined {
    if (!auth) return undefined;
    const rule = GRAPHQL_RULES[`${parentType}.${field}`] ?? { scopes: parentType === 'Mutation' ? [write] : [read] };
    return this.check(auth, rule, args, parentType !== 'Mutation');
  }

  /**
   * A member's running subscription, checked again (after their membership changed): throws what the operation
   * would meet if started now, a 403 for a role too low or its not-found error once they are no longer a member.
   */
  async stillActing(auth: Authenticated, parentType: string, field: string, args: Args, projectId: string): Promise<void> {
    const acting = await this.graphql(auth, parentType, field, args);
    if (acting?.projectId === projectId) return;
    const ref = GRAPHQL_RULES[`${parentType}.${field}`]?.project;
    throw NOT_FOUND[ref && ref !== 'none' ? (Object.keys(ref)[0] as keyof typeof NOT_FOUND) : 'project']();
  }

  /** Calls `changed` when the user's membership of the project changes, in any process, or events may have been missed. */
  onMembershipChange(projectId: string, userId: string, changed: () => void): () => void {
    const unsubscribe = this.bus.subscribe('member.changed', (change) => {
      if (change.projectId === projectId && change.userId === userId) changed();
    });
    const unGap = this.bus.onGap(changed);
    return () => {
      unsubscribe();
      unGap();
    };
  }

  /** Before a REST route's handler: `method` and `path` as the route declares them (`/projects/{id}`). */
  rest(auth: Authenticated, method: string, path: string, params: Args): Promise<ProjectActing | undefined> {
    const declared = REST_RULES[`${method.toUpperCase()} ${path}`];
    const reading = method.toLowerCase() === 'get';
    const rule: Rule = {
      scopes: declared?.scopes ?? (reading ? [read] : [write]),
      project: declared?.project ?? (PROJECT_PATH.test(path) ? { project: 'id' } : undefined),
      role: declared?.role ?? (!reading && DEVELOPER_PATH.test(path) ? MemberRole.developer : undefined),
    };
    return this.check(auth, rule, params, reading);
  }

  /**
   * For adapters other than REST and GraphQL (git over HTTP): may this credential do this on this project, with these
   * token scopes and this member role? A project outside a limited token's projects is 'Project not found'.
   */
  project(auth: Authenticated, projectId: string, scopes: TokenScope[], role: MemberRole): Promise<ProjectActing | undefined> {
    return this.check(auth, { scopes, project: { project: 'projectId' }, role }, { projectId }, false);
  }

  private async check(auth: Authenticated, rule: Rule, args: Args, reading: boolean): Promise<ProjectActing | undefined> {
    const grant = auth.grant;
    const needed = typeof rule.scopes === 'function' ? rule.scopes(args, auth.user.id) : rule.scopes;
    if (grant) {
      // Every token reads: `read` alone is the read-only token.
      const missing = needed.filter((scope) => scope !== read && !grant.scopes.includes(scope));
      if (missing.length) throw scopeMissing(missing);
      if (grant.projectIds && !rule.project) throw projectLimited();
    }
    if (!rule.project || rule.project === 'none') return undefined;
    const [kind, arg] = Object.entries(rule.project)[0] as [keyof typeof NOT_FOUND, string];
    const id = args[arg];
    // An id that names nothing is answered by the operation itself, as for anyone.
    if (!isUuid(id)) return undefined;
    const projectId = kind === 'project' ? id : await this.projectOf(kind, id);
    if (!projectId) return undefined;
    if (grant?.projectIds && !grant.projectIds.includes(projectId)) throw NOT_FOUND[kind]();
    const place = await this.placeOn(projectId, auth.user.id);
    // Not the project's owner nor a member: the operation finds nothing of theirs (404), as for any missing project.
    if (!place || place.role === 'owner') return undefined;
    const role = rule.role ?? (reading ? MemberRole.viewer : kind !== 'project' || needed.includes(deploy) ? MemberRole.developer : MemberRole.maintainer);
    if (!roleAllows(place.role, role)) throw roleTooLow(place.role, role);
    return { projectId, owner: place.owner, role: place.role };
  }

  /** The caller's role on a project (with its owner's account for a member), or null when they have none. */
  private async placeOn(projectId: string, userId: string): Promise<{ role: ProjectRole; owner: User } | null> {
    const [row]: Array<{ owner_id: string; role: string | null }> = await this.dataSource.query(
      `SELECT p.owner_id, m.role FROM projects p LEFT JOIN project_members m ON m.project_id = p.id AND m.user_id = $2 WHERE p.id = $1`,
      [projectId, userId],
    );
    if (!row) return null;
    if (row.owner_id === userId) return { role: 'owner', owner: { id: userId } as User };
    if (!isMemberRole(row.role)) return null;
    const owner = await this.dataSource.getRepository(User).findOneBy({ id: row.owner_id });
    return owner ? { role: row.role, owner } : null;
  }

  private async projectOf(kind: 'version' | 'deployment', id: string): Promise<string | null> {
    const [row] = await this.dataSource.query(PROJECT_OF[kind], [id]);
    return row?.project_id ?? null;
  }
}
