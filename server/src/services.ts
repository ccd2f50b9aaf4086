import type { DataSource } from 'typeorm';
import type { AppConfig } from './config/env.js';
import type { EventBus } from './events/event-bus.js';
import type { JobQueue } from './jobs/queue.js';
import { AuthService } from './modules/auth/auth.service.js';
import { LoginFailure } from './modules/auth/login-failure.entity.js';
import { LoginThrottle } from './modules/auth/login-throttle.js';
import { Session } from './modules/auth/session.entity.js';
import { TokenService } from './modules/auth/token.service.js';
import { HealthService } from './modules/system/health.service.js';
import { UsersService } from './modules/users/users.service.js';
import { SecretBox } from './common/secret-box.js';
import { ProjectsService } from './modules/projects/projects.service.js';
import { SettingsService } from './modules/settings/settings.service.js';
import { projectsPort, settingsPort } from './modules/commands/console-adapters.js';
import { CommandsService } from './modules/commands/commands.service.js';
import { TemplatesService } from './modules/templates/templates.service.js';

/** Every feature service, built once and shared by the GraphQL resolvers and the REST routes. */
export interface Services {
  auth: AuthService;
  users: UsersService;
  health: HealthService;
  templates: TemplatesService;
  settings: SettingsService;
  projects: ProjectsService;
  commands: CommandsService;
}

export function createServices(config: AppConfig, dataSource: DataSource, queue: JobQueue, bus: EventBus): Services {
  const users = new UsersService(dataSource, bus);
  const tokens = new TokenService(dataSource.getRepository(Session), config.secretKey, config.tokenTtlSeconds, bus);
  const throttle = new LoginThrottle(dataSource.getRepository(LoginFailure));
  const secretBox = SecretBox.fromRootSecret(config.secretKey);
  const templates = new TemplatesService(config.templatesDir);
  const settings = new SettingsService(dataSource, secretBox);
  const health = new HealthService(dataSource, queue, config.databaseUrl ? 'server' : 'embedded');
  const projects = new ProjectsService(dataSource, secretBox, templates, settings);
  return {
    auth: new AuthService(users, tokens, throttle),
    users,
    health,
    templates,
    settings,
    projects,
    commands: new CommandsService(dataSource, { projects: projectsPort(projects), settings: settingsPort(settings), health, build: config.build }),
  };
}
