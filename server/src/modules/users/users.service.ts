import { hash } from '@node-rs/argon2';
import type { AuditRecorder } from '../audit/audit-log.js';
import { type DataSource, type EntityManager, IsNull, Not, type Repository } from 'typeorm';
import type { EventBus } from '../../events/event-bus.js';
import { AppError, ErrorCode } from '../../common/app-error.js';
import { invalidInput, isUuid } from '../../common/validation.js';
import { User } from './user.entity.js';
import { ROLE_LEVEL, Role, hasMinimumRole, isRole } from './user-role.js';
import { emailTaken, forbidden, userNotFound } from './users.errors.js';
import { validateEmail, validateName, validatePassword, validatePasswordConfirmation } from './user.validation.js';

export interface UserInput {
  name?: unknown;
  email?: unknown;
  password?: unknown;
  confirmPassword?: unknown;
  /** Changing one's own password: the password it replaces. */
  currentPassword?: unknown;
  role?: unknown;
}

/** Who makes a change: their session (which a change of their own password keeps) and client address. */
export interface ChangeRequest {
  sessionId?: string;
  clientAddress: string;
}

/** Checks a typed password against an account's hash, throttled as sign-ins are (the auth module's PasswordCheck). */
export interface PasswordVerifier {
  matches(email: string, passwordHash: string | null, password: string, clientAddress: string): Promise<boolean>;
}

const UNIQUE_VIOLATION = '23505';
/** Serializes account creation and admin removal, so that exactly one account becomes the first admin and one always stays. */
const FIRST_ACCOUNT_LOCK = 724_001;

/** Ends a user's sessions after a password change, but the one that made it (if it was the user's own). */
const REVOKE_OTHER_SESSIONS_SQL = `UPDATE sessions SET revoked_at = now()
 WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid)`;

const lastAdmin = () =>
  new AppError(ErrorCode.Conflict, 'The only admin cannot remove their own admin role or account', { reason: 'LAST_ADMIN' });

function isUniqueViolation(error: unknown): boolean {
  return (error as { driverError?: { code?: string } })?.driverError?.code === UNIQUE_VIOLATION;
}

function parseRole(value: unknown): Role | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isRole(value)) throw invalidInput('Role must be one of user, manager, admin', 'role');
  return value;
}

export class UsersService {
  private readonly users: Repository<User>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: EventBus,
    private readonly passwords: PasswordVerifier,
    private readonly audit: AuditRecorder,
  ) {
    this.users = dataSource.getRepository(User);
  }

  /** Self-registration: the first account on a fresh install is admin, later ones user. */
  async register(input: UserInput): Promise<User> {
    const fields = this.validateNewUser(input);
    return this.insert(fields, 'user.register', async (repo) => ((await repo.count()) === 0 ? Role.admin : Role.user));
  }

  /** An account made by a manager or admin; only an admin hands out roles above user. */
  async create(actor: User, input: UserInput): Promise<User> {
    this.assertMinimumRole(actor, Role.manager);
    const fields = this.validateNewUser(input);
    const role = parseRole(input.role) ?? Role.user;
    if (role !== Role.user) this.assertMinimumRole(actor, Role.admin, 'Only an admin can assign roles');
    return this.insert(fields, 'user.create', async () => role);
  }

  async list(actor: User): Promise<User[]> {
    this.assertMinimumRole(actor, Role.manager);
    return this.users.find({ order: { createdAt: 'ASC' } });
  }

  async get(actor: User, id: string): Promise<User> {
    if (actor.id !== id) this.assertMinimumRole(actor, Role.manager);
    return this.findOrFail(id);
  }

  async findByEmail(email: string): Promise<User | null> {
    return this.users.findOne({ where: { email: email.toLowerCase() } });
  }

  /**
   * Changes an account. A password is changed by its owner, who gives the current one, or reset by an admin, which
   * signs the user out everywhere and leaves `passwordResetAt` set (their next sign-in and `me` show it) until they
   * choose their own. Every other session of the user ends; the owner's own session stays.
   */
  async update(actor: User, id: string, input: UserInput, request: ChangeRequest): Promise<User> {
    const user = await this.findManageable(actor, id);
    const own = actor.id === id;
    const changes: Partial<User> = {};
    if (input.name !== undefined) changes.name = validateName(input.name);
    if (input.email !== undefined) changes.email = validateEmail(input.email);
    const password = input.password === undefined ? undefined : validatePassword(input.password);
    const role = parseRole(input.role);
    if (role !== undefined && role !== user.role) {
      this.assertMinimumRole(actor, Role.admin, 'Only an admin can change roles');
      changes.role = role;
    }
    if (password !== undefined) {
      if (own) await this.assertCurrentPassword(user, input.currentPassword, request.clientAddress);
      else this.assertMinimumRole(actor, Role.admin, "Only an admin can reset another user's password");
      changes.passwordHash = await hash(password);
      changes.passwordResetAt = own ? null : new Date();
    }
    try {
      await this.dataSource.transaction(async (manager) => {
        if (user.role === Role.admin && changes.role !== undefined) await this.assertAnotherAdmin(manager, id);
        await manager.getRepository(User).update({ id }, changes);
        if (changes.passwordHash) await manager.query(REVOKE_OTHER_SESSIONS_SQL, [id, own ? (request.sessionId ?? null) : null]);
        // Which fields changed (a password's name, never its value); the role as set.
        const fields = Object.keys(changes).map((key) => (key === 'passwordHash' ? 'password' : key)).filter((key) => key !== 'passwordResetAt');
        await this.audit.record(manager, { action: 'user.update', target: `user:${id}`, details: { fields, ...(changes.role ? { role: changes.role } : {}) } });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
    // Drops cached sign-ins of this user everywhere and ends their graphql-ws sockets whose session ended.
    await this.bus.publish('user.changed', { userId: id });
    return this.findOrFail(id);
  }

  /** A wrong current password counts as a failed sign-in of the account from this address. */
  private async assertCurrentPassword(user: User, current: unknown, clientAddress: string): Promise<void> {
    if (typeof current !== 'string' || current === '') throw invalidInput('Current password is required to change your password', 'currentPassword');
    if (!(await this.passwords.matches(user.email, user.passwordHash, current, clientAddress))) {
      throw invalidInput('Current password is incorrect', 'currentPassword');
    }
  }

  async remove(actor: User, id: string): Promise<void> {
    if (actor.id === id) throw forbidden('You cannot delete your own account');
    this.assertMinimumRole(actor, Role.manager);
    const user = await this.findManageable(actor, id);
    await this.dataSource.transaction(async (manager) => {
      if (user.role === Role.admin) await this.assertAnotherAdmin(manager, id);
      await manager.getRepository(User).delete({ id });
      await this.audit.record(manager, { action: 'user.delete', target: `user:${id}`, details: { email: user.email } });
    });
    await this.bus.publish('user.changed', { userId: id });
  }

  /**
   * Disables an account (it cannot sign in; its sessions end and its personal access tokens stop at once, on every
   * process and open socket) or enables it again (its tokens work again; ended sessions stay ended). Manager or
   * above, never one's own account nor one with a higher role, and never the last enabled admin.
   */
  async setDisabled(actor: User, id: string, disabled: boolean): Promise<User> {
    if (actor.id === id) throw forbidden('You cannot disable or enable your own account');
    const user = await this.findManageable(actor, id);
    if (disabled !== Boolean(user.disabledAt)) {
      await this.dataSource.transaction(async (manager) => {
        // Two admins disabling each other at once: the lock lets one through, and the other finds no enabled admin left.
        if (disabled && user.role === Role.admin) await this.assertAnotherAdmin(manager, id);
        await manager.getRepository(User).update({ id }, { disabledAt: disabled ? new Date() : null });
        if (disabled) await manager.query(REVOKE_OTHER_SESSIONS_SQL, [id, null]);
        await this.audit.record(manager, { action: disabled ? 'user.disable' : 'user.enable', target: `user:${id}`, details: { email: user.email } });
      });
      // Drops cached sign-ins and tokens of this user everywhere and closes their graphql-ws sockets.
      await this.bus.publish('user.changed', { userId: id });
    }
    return this.findOrFail(id);
  }

  /** Some admin other than `id` remains; under the lock, so two admins cannot remove each other at once. */
  private async assertAnotherAdmin(manager: EntityManager, id: string): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock($1)', [FIRST_ACCOUNT_LOCK]);
    const others = await manager.getRepository(User).count({ where: { role: Role.admin, id: Not(id), disabledAt: IsNull() } });
    if (others === 0) throw lastAdmin();
  }

  private validateNewUser(input: UserInput) {
    const name = validateName(input.name);
    const email = validateEmail(input.email);
    const password = validatePassword(input.password);
    validatePasswordConfirmation(password, input.confirmPassword);
    return { name, email, password };
  }

  private async insert(
    fields: { name: string; email: string; password: string },
    action: 'user.register' | 'user.create',
    chooseRole: (repo: Repository<User>) => Promise<Role>,
  ): Promise<User> {
    const passwordHash = await hash(fields.password);
    try {
      return await this.dataSource.transaction(async (manager) => {
        await manager.query('SELECT pg_advisory_xact_lock($1)', [FIRST_ACCOUNT_LOCK]);
        const repo = manager.getRepository(User);
        if (await repo.exists({ where: { email: fields.email } })) throw emailTaken();
        const role = await chooseRole(repo);
        const user = await repo.save(repo.create({ name: fields.name, email: fields.email, passwordHash, role }));
        // Registration has no signed-in actor yet: the new account is its own.
        await this.audit.record(manager, {
          action,
          target: `user:${user.id}`,
          details: { email: user.email, role },
          ...(action === 'user.register' ? { actor: { userId: user.id, email: user.email } } : {}),
        });
        return user;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
  }

  /** The actor themselves, or someone at or below the actor's level if the actor is a manager or above. */
  private async findManageable(actor: User, id: string): Promise<User> {
    if (actor.id === id) return this.findOrFail(id);
    this.assertMinimumRole(actor, Role.manager);
    const user = await this.findOrFail(id);
    if (ROLE_LEVEL[user.role] > ROLE_LEVEL[actor.role]) throw forbidden('You cannot manage a user with a higher role');
    return user;
  }

  private async findOrFail(id: string): Promise<User> {
    const user = isUuid(id) ? await this.users.findOne({ where: { id } }) : null;
    if (!user) throw userNotFound();
    return user;
  }

  private assertMinimumRole(actor: User, required: Role, message = 'You do not have permission to manage users') {
    if (!hasMinimumRole(actor.role, required)) throw forbidden(message);
  }
}
