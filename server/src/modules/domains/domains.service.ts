import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { SecretBox } from '../../common/secret-box.js';
import { invalidInput, requireObject } from '../../common/validation.js';
import { Environment } from '../environments/environment.entity.js';
import type { EnvironmentsService } from '../environments/environments.service.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { User } from '../users/user.entity.js';
import { checkCertificate, type CertificateSummary } from './certificate.js';
import { Domain } from './domain.entity.js';
import { keyContext } from './domain-key.js';
import type { DomainRoutes } from './domain-routes.js';
import { domainInProject, domainNotFound, domainTaken } from './domains.errors.js';
import { parseHostname } from './hostname.js';

type Owner = Pick<User, 'id'>;

/**
 * Tells the environment's app on its project's cluster the hostnames it serves now (Kubernetes: its Ingress); the
 * local cluster needs nothing (the front door reads the domains from the database).
 */
export type DomainRouting = (environment: Environment, hostnames: string[]) => Promise<void>;

/** How many domains one environment may have. */
export const MAX_DOMAINS = 20;

const UNIQUE_VIOLATION = '23505';

function hostnameOf(value: unknown): string {
  const parsed = parseHostname(value);
  if ('error' in parsed) throw invalidInput(parsed.error, 'hostname');
  return parsed.hostname;
}

/**
 * An environment's custom domains, for REST and GraphQL: who may read or change them is the environment's rule (its
 * project's owner; members by role, through the access policy). A hostname is one project's at most.
 */
export class DomainsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly environments: Pick<EnvironmentsService, 'get'>,
    private readonly projects: Pick<ProjectsService, 'assertChangeable'>,
    private readonly box: SecretBox,
    private readonly routes: Pick<DomainRoutes, 'invalidate'>,
    private readonly routing: DomainRouting,
  ) {}

  async list(owner: Owner, projectId: unknown, environmentName: unknown): Promise<Domain[]> {
    return this.of(await this.environments.get(owner, projectId, environmentName));
  }

  /** The environment's domains by hostname (the environment already found, for its caller). */
  of(environment: Pick<Environment, 'id'>): Promise<Domain[]> {
    return this.dataSource.getRepository(Domain).find({ where: { environmentId: environment.id }, order: { hostname: 'ASC' } });
  }

  /**
   * Adds a hostname, with an optional certificate (chain) and key for HTTPS. Refused (409) when any project has it,
   * without saying whose; nothing is saved unless every check passes.
   */
  async add(owner: Owner, projectId: unknown, environmentName: unknown, body: unknown): Promise<Domain> {
    const fields = requireObject(body);
    for (const key of Object.keys(fields)) if (!['hostname', 'certificate', 'key'].includes(key)) throw invalidInput(`Unknown field "${key.slice(0, 100)}"`, key);
    const hostname = hostnameOf(fields.hostname);
    const given = (value: unknown) => value !== undefined && value !== null && value !== '';
    const summary: CertificateSummary | null = given(fields.certificate) || given(fields.key) ? checkCertificate(hostname, fields.certificate, fields.key) : null;
    const environment = await this.environments.get(owner, projectId, environmentName);
    const id = randomUUID();
    try {
      await this.dataSource.transaction(async (manager) => {
        await this.projects.assertChangeable(owner, environment.projectId, manager);
        const held = await manager.findOneBy(Domain, { hostname });
        if (held) throw await this.taken(held, environment.projectId);
        if ((await manager.countBy(Domain, { environmentId: environment.id })) >= MAX_DOMAINS) {
          throw invalidInput(`An environment can have at most ${MAX_DOMAINS} domains`, 'hostname');
        }
        await manager.insert(Domain, {
          id,
          hostname,
          environmentId: environment.id,
          projectId: environment.projectId,
          certificate: summary ? (fields.certificate as string).trim() : null,
          keySealed: summary ? this.box.seal(fields.key as string, keyContext(id)) : null,
          certificateSubject: summary?.subject ?? null,
          certificateExpiresAt: summary?.expiresAt ?? null,
        });
        // Before the commit: a cluster that refuses the Ingress leaves the domain unsaved.
        await this.route(manager, environment);
      });
    } catch (error) {
      // Another request took it between the check and the insert.
      if ((error as { driverError?: { code?: string } }).driverError?.code === UNIQUE_VIOLATION) throw domainTaken(hostname);
      throw error;
    }
    this.routes.invalidate(hostname);
    return this.dataSource.getRepository(Domain).findOneByOrFail({ id });
  }

  async remove(owner: Owner, projectId: unknown, environmentName: unknown, hostnameValue: unknown): Promise<void> {
    const hostname = hostnameOf(hostnameValue);
    const environment = await this.environments.get(owner, projectId, environmentName);
    await this.dataSource.transaction(async (manager) => {
      await this.projects.assertChangeable(owner, environment.projectId, manager);
      const { affected } = await manager.delete(Domain, { hostname, environmentId: environment.id });
      if (!affected) throw domainNotFound(hostname);
      await this.route(manager, environment);
    });
    this.routes.invalidate(hostname);
  }

  private async route(manager: EntityManager, environment: Environment): Promise<void> {
    const rows = await manager.find(Domain, { where: { environmentId: environment.id }, order: { hostname: 'ASC' } });
    await this.routing(environment, rows.map((row) => row.hostname));
  }

  private async taken(held: Domain, projectId: string) {
    if (held.projectId !== projectId) return domainTaken(held.hostname);
    const environment = await this.dataSource.getRepository(Environment).findOneBy({ id: held.environmentId });
    return domainInProject(held.hostname, environment?.name ?? 'another');
  }
}
