import type { ConsolePorts, ConsoleProject, ConsoleRun, ConsoleVersionCounts } from '../interpreter/console-ports.js';
import type { User } from '../../users/user.entity.js';
import { Role } from '../../users/user-role.js';

export const ada = { id: '00000000-0000-4000-8000-000000000001', name: 'Ada Lovelace', email: 'ada@example.com', role: Role.admin } as User;

export function project(name: string, overrides: Partial<ConsoleProject> = {}): ConsoleProject {
  return {
    name,
    description: `About ${name}`,
    status: 'active',
    tags: [],
    repositoryUrl: null,
    createdAt: new Date('2026-01-02T03:04:05Z'),
    updatedAt: new Date('2026-02-03T04:05:06Z'),
    latestVersion: null,
    ...overrides,
  };
}

/** In-memory ports over a list of projects, recording every call so tests can see what a command touched. */
export function fakePorts(
  options: { projects?: ConsoleProject[]; configured?: string[]; cwd?: string; latestRun?: ConsoleRun | null; versionCounts?: ConsoleVersionCounts } = {},
) {
  const projects = options.projects ?? [];
  const configured = new Set(options.configured ?? []);
  const calls: string[] = [];
  const state = { cwd: options.cwd ?? null as string | null };
  const ports: ConsolePorts = {
    projects: {
      async list(_user, { search, limit }) {
        calls.push(`projects.list ${search ?? ''} ${limit}`);
        const wanted = search?.toLowerCase();
        const matching = projects.filter(
          (p) => !wanted || p.name.toLowerCase().includes(wanted) || p.description.toLowerCase().includes(wanted),
        );
        return { projects: matching.slice(0, limit), total: matching.length };
      },
      async findByName(_user, name) {
        calls.push(`projects.findByName ${name}`);
        return projects.find((p) => p.name === name) ?? null;
      },
    },
    settings: {
      async configuredKeys() {
        calls.push('settings.configuredKeys');
        return ['DOCKER_USERNAME', 'DOCKER_TOKEN', 'GITHUB_ORGANIZATION'].map((key) => ({ key, configured: configured.has(key) }));
      },
    },
    health: {
      async check() {
        calls.push('health.check');
        return { status: 'ok', role: 'all', database: 'up', jobQueue: 'up', mode: 'server', workers: [] };
      },
    },
    commandLogs: {
      async count() {
        calls.push('commandLogs.count');
        return 42;
      },
    },
    pipelines: {
      async latest() {
        calls.push('pipelines.latest');
        return options.latestRun ?? null;
      },
    },
    versions: {
      async counts() {
        calls.push('versions.counts');
        return options.versionCounts ?? { total: 0, building: 0, failed: 0 };
      },
    },
    workingDirectory: {
      async get() {
        return state.cwd;
      },
      async set(_user, path) {
        calls.push(`workingDirectory.set ${path}`);
        state.cwd = path;
      },
    },
    build: { version: '1.2.3', commit: '0123456789abcdef0123456789abcdef01234567', nodeVersion: 'v20.20.2' },
  };
  return { ports, calls, state };
}
