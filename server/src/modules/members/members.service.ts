import type { DataSource, EntityManager } from 'typeorm';
import { invalidInput, isUuid } from '../../common/validation.js';
import type { EventBus } from '../../events/event-bus.js';
import { projectNotFound } from '../projects/projects.errors.js';
import type { User } from '../users/user.entity.js';
import { ProjectMember } from './dtos/member.models.js';
import { isMemberRole, MEMBER_ROLES, MemberRole, type ProjectRole } from './member-role.js';
import { memberExists, memberNotFound, memberUserNotFound, ownerNotMember } from './members.errors.js';
import { ProjectMemberRow } from './project-member.entity.js';

type Owner = Pick<User, 'id'>;
type MemberRowJoined = { user_id: string; email: string; name: string; role: MemberRole; added_at: Date };

/** What a change to the members hands to whoever records it (the audit log), inside the change's transaction. */
export type MemberChangeHook = (manager: EntityManager, change: { projectId: string; userId: string; email: string; action: 'member.add' | 'member.update' | 'member.remove'; role?: MemberRole }) => Promise<void>;

function toMember(row: MemberRowJoined): ProjectMember {
  return Object.assign(new ProjectMember(), { userId: row.user_id, email: row.email, name: row.name, role: row.role, addedAt: row.added_at });
}

function validateRole(value: unknown): MemberRole {
  if (!isMemberRole(value)) throw invalidInput(`Role must be one of ${MEMBER_ROLES.join(', ')}`, 'role');
  return value;
}

/**
 * A project's members. Who may call what (a maintainer or the owner changes them, any member reads them) is the
 * access policy's; here `owner` is the project's owner account the call runs on, so anyone else's project is 404.
 */
export class MembersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly onChange: MemberChangeHook,
    private readonly bus: EventBus,
  ) {}

  async list(owner: Owner, projectId: unknown): Promise<ProjectMember[]> {
    await this.ownedProject(this.dataSource.manager, owner, projectId);
    return (await this.rows(this.dataSource.manager, projectId as string)).map(toMember);
  }

  async add(owner: Owner, projectId: unknown, input: { email?: unknown; role?: unknown }): Promise<ProjectMember> {
    const role = validateRole(input.role);
    if (typeof input.email !== 'string' || !input.email.trim()) throw invalidInput('Email is required', 'email');
    const email = input.email.trim().toLowerCase();
    return this.dataSource.transaction(async (manager) => {
      await this.ownedProject(manager, owner, projectId);
      const [user]: Array<{ id: string }> = await manager.query('SELECT id FROM users WHERE email = $1', [email]);
      if (!user) throw memberUserNotFound();
      if (user.id === owner.id) throw ownerNotMember();
      const inserted: unknown[] = await manager.query(
        'INSERT INTO project_members (project_id, user_id, role) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING user_id',
        [projectId, user.id, role],
      );
      if (!inserted.length) throw memberExists();
      await this.onChange(manager, { projectId: projectId as string, userId: user.id, email, action: 'member.add', role });
      return this.one(manager, projectId as string, user.id);
    });
  }

  async update(owner: Owner, projectId: unknown, userId: unknown, roleValue: unknown): Promise<ProjectMember> {
    const role = validateRole(roleValue);
    const updated = await this.dataSource.transaction(async (manager) => {
      await this.ownedProject(manager, owner, projectId);
      if (!isUuid(userId)) throw memberNotFound();
      const result = await manager.update(ProjectMemberRow, { projectId: projectId as string, userId }, { role });
      if (!result.affected) throw memberNotFound();
      const member = await this.one(manager, projectId as string, userId);
      await this.onChange(manager, { projectId: projectId as string, userId, email: member.email, action: 'member.update', role });
      return member;
    });
    await this.bus.publish('member.changed', { projectId: projectId as string, userId: updated.userId });
    return updated;
  }

  async remove(owner: Owner, projectId: unknown, userId: unknown): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.ownedProject(manager, owner, projectId);
      if (!isUuid(userId)) throw memberNotFound();
      const member = await this.one(manager, projectId as string, userId);
      await manager.delete(ProjectMemberRow, { projectId: projectId as string, userId });
      await this.onChange(manager, { projectId: projectId as string, userId, email: member.email, action: 'member.remove' });
    });
    await this.bus.publish('member.changed', { projectId: projectId as string, userId: userId as string });
  }

  /** The caller's role on a project they already reached (owner or member). */
  async roleOf(project: { id: string; ownerId: string }, userId: string): Promise<ProjectRole> {
    if (project.ownerId === userId) return 'owner';
    const [row]: Array<{ role: MemberRole }> = await this.dataSource.query('SELECT role FROM project_members WHERE project_id = $1 AND user_id = $2', [project.id, userId]);
    return row?.role ?? MemberRole.viewer;
  }

  private async ownedProject(manager: EntityManager, owner: Owner, projectId: unknown): Promise<void> {
    if (!isUuid(projectId)) throw projectNotFound();
    const rows: unknown[] = await manager.query('SELECT 1 FROM projects WHERE id = $1 AND owner_id = $2', [projectId, owner.id]);
    if (!rows.length) throw projectNotFound();
  }

  private async one(manager: EntityManager, projectId: string, userId: string): Promise<ProjectMember> {
    const [row] = await this.rows(manager, projectId, userId);
    if (!row) throw memberNotFound();
    return toMember(row);
  }

  private rows(manager: EntityManager, projectId: string, userId?: string): Promise<MemberRowJoined[]> {
    return manager.query(
      `SELECT m.user_id, u.email, u.name, m.role, m.added_at FROM project_members m JOIN users u ON u.id = m.user_id
        WHERE m.project_id = $1${userId ? ' AND m.user_id = $2' : ''} ORDER BY lower(u.email)`,
      userId ? [projectId, userId] : [projectId],
    );
  }
}
