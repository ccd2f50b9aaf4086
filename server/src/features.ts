import path from 'node:path';
import type { DataSource } from 'typeorm';
import { SecretBox } from './common/secret-box.js';
import { logUnexpected } from './common/log.js';
import type { AppConfig } from './config/env.js';
import type { EventBus } from './events/event-bus.js';
import type { JobQueue } from './jobs/job-queue.js';
import type { StepDefinition } from './pipelines/steps.js';
import { authModule, createAuthentication } from './modules/auth/auth.module.js';
import { commandsModule } from './modules/commands/commands.module.js';
import { deploymentObservabilityModule } from './modules/deployments/observability/observability.module.js';
import type { Feature } from './modules/feature.js';
import { projectRunsModule } from './modules/project-runs/project-runs.module.js';
import { PipelineEngine } from './pipelines/engine.js';
import { LocalCluster } from './providers/cluster/local-cluster.js';
import { createLocalProviders } from './providers/local.js';
import { GitHubSourceHost } from './providers/source-host/github-source-host.js';
import { GitHubActionsBuilder } from './providers/builder/github-actions-builder.js';
import { DockerHubRegistry } from './providers/registry/dockerhub-registry.js';
import { doksCluster, kubeconfigCluster } from './providers/cluster/kubernetes-cluster.js';
import { LocalBuilder } from './providers/builder/local-builder.js';
import { ProjectProviders, type ProviderFactory } from './providers/project-providers.js';
import { connectionTester } from './providers/connection-tests.js';
import { SerialQueue } from './providers/serial-queue.js';
import { projectsModule } from './modules/projects/projects.module.js';
import { BuildLogs } from './modules/versions/build-logs.js';
import { versionsModule } from './modules/versions/versions.module.js';
import { deploymentsModule } from './modules/deployments/deployments.module.js';
import { settingsModule } from './modules/settings/settings.module.js';
import { systemModule } from './modules/system/system.module.js';
import { templatesModule } from './modules/templates/templates.module.js';
import { usersModule } from './modules/users/users.module.js';
import { PublicAddress } from './common/public-address.js';
import { gitModule } from './modules/git/git.module.js';
import { webhooksModule } from './modules/webhooks/webhooks.module.js';
import { tokensModule } from './modules/tokens/tokens.module.js';
import { domainsModule } from './modules/domains/domains.module.js';
import { environmentsModule } from './modules/environments/environments.module.js';
import { notificationsModule } from './modules/notifications/notifications.module.js';
import { membersModule } from './modules/members/members.module.js';
import { auditModule } from './modules/audit/audit.module.js';

export interface CoreDependencies {
  config: AppConfig;
  dataSource: DataSource;
  bus: EventBus;
  queue: JobQueue;
  /** Pipeline steps registered beside the product's: tests and the pipeline benchmark run runs of their own steps. */
  extraPipelineSteps?: Array<StepDefinition<unknown>>;
}

/**
 * Builds every feature module, each from the few dependencies it needs. The roles take what they run:
 * the api role the routes, resolvers and `authenticate`; every role the job definitions.
 */
export function createFeatures({ config, dataSource, bus, queue, extraPipelineSteps }: CoreDependencies) {
  const secretBox = SecretBox.fromRootSecret(config.secretKey);
  // First: every feature records its changes in it.
  const audit = auditModule({ dataSource, bus });
  const authentication = createAuthentication({
    dataSource,
    bus,
    audit: audit.log,
    secretKey: config.secretKey,
    tokenTtlSeconds: config.tokenTtlSeconds,
    registrationsPerAddress: config.registrationsPerAddress,
  });
  const users = usersModule({ dataSource, bus, passwords: authentication.passwords, audit: audit.log });
  const auth = authModule({ users: users.service, authentication, audit: audit.log });
  const tokens = tokensModule({ service: authentication.accessTokens });
  const templates = templatesModule({ templatesDir: config.templatesDir });
  const settings = settingsModule({ dataSource, secretBox, cloudDefaults: config.cloudUrls, testConnection: connectionTester(config.providerTimeoutMs), audit: audit.log });
  const system = systemModule({ dataSource, queue, role: config.role, mode: config.databaseUrl ? 'server' : 'embedded', cleanups: [auth.cleanup] });
  // The engine first: each feature that runs pipelines hands it its steps and run-ended handlers as it is built.
  const engine = new PipelineEngine({ dataSource, queue, bus, workers: system.workers });
  const local = createLocalProviders({ dataDir: config.dataDir, secretBox });
  // An app's address changes are recorded in the order they happen (a restore's, then the listening port's).
  const addressChanges = new SerialQueue();
  const localCluster = new LocalCluster({
    dataDir: config.dataDir,
    registry: local.registry,
    secretBox,
    stablePorts: config.appPorts,
    frontDoorPort: config.role === 'worker' ? undefined : config.port,
    // Deployments show where their app answers: a moved loopback URL (or Slipway's port changed) is recorded there.
    onAddressChange: (change) =>
      void addressChanges.run(change.name, () => deployments.service.addressesChanged(change)).catch((error: unknown) => logUnexpected('app addresses', error)),
  });
  // Each project's ports: the local adapters, or the cloud ones built from its owner's credentials.
  const providers = new ProjectProviders({
    local: { ...local, cluster: localCluster, newBuilder: (sourceHost, registry) => new LocalBuilder(sourceHost, registry, path.join(config.dataDir, 'builds')) },
    factory: cloudAdapters(config.providerTimeoutMs, config.githubPollMs),
    settings: settings.service,
    endpoints: settings.endpoints,
  });
  const buildLogs = new BuildLogs(config.dataDir);
  const publicAddress = new PublicAddress(config.publicUrl);
  const projects = projectsModule({ dataSource, bus, audit: audit.log, secretBox, templates: templates.service, settings: settings.service, engine, providers, buildLogs, publicAddress });
  const git = gitModule({ auth: auth.service, access: authentication.access, projects: projects.service, repositories: local.sourceHost, bus, audit: audit.log });
  const webhooks = webhooksModule({ dataSource, projects: projects.service, bus });
  const { runProviders } = projects;
  const versions = versionsModule({ dataSource, bus, audit: audit.log, projects: projects.service, engine, runProviders, providers, buildLogs });
  const deployments = deploymentsModule({ dataSource, bus, audit: audit.log, projects: projects.service, engine, runProviders, secretBox });
  const environments = environmentsModule({ dataSource, bus, engine, projects: projects.service, providers, secretBox, deployments: deployments.service, runProviders });
  const domains = domainsModule({ dataSource, secretBox, environments: environments.service, projects: projects.service, providers });
  // Steps of whoever boots Slipway with their own (tests, the pipeline benchmark) run with a project run's ports.
  if (extraPipelineSteps?.length) engine.register({ steps: extraPipelineSteps, providers: runProviders });
  const members = membersModule({ dataSource, bus, audit: audit.log });
  const projectRuns = projectRunsModule({ engine, bus, projects: projects.service });
  const commands = commandsModule({
    dataSource,
    projects: projects.service,
    settings: settings.service,
    health: system.health,
    pipelines: engine,
    build: config.build,
    audit: audit.log,
  });
  // Deployment health, metrics and logs; its monitor works in the process that runs the local cluster's apps.
  const observability = deploymentObservabilityModule({ dataSource, bus, providers, deployments: deployments.service, healthCheckMs: config.healthCheckMs });
  // Failed runs and deployments, crash loops and production deploys, sent to each user's webhooks and email.
  const notifications = notificationsModule({ dataSource, bus, queue, secretBox, projects: projects.service, smtp: config.smtp, webhookAllow: config.webhookAllow });
  const features: Feature[] = [system.feature, auth.feature, users.feature, tokens.feature, commands.feature, templates.feature, settings.feature, projects.feature, projectRuns.feature, versions.feature, deployments.feature, environments.feature, domains.feature, observability.feature, git.feature, webhooks.feature, notifications.feature, members.feature, audit.feature];
  // The bus goes to graphql-ws too: logout and account changes end open sockets.
  return {
    features,
    authenticate: authentication.authenticate,
    verifyCredential: authentication.verifyCredential,
    access: authentication.access,
    bus,
    workers: system.workers,
    pipelines: engine,
    cluster: localCluster,
    domains: domains.routes,
    builder: local.builder,
    publicAddress,
  };
}

export type App = ReturnType<typeof createFeatures>;

/**
 * The cloud adapters, built from an owner's credentials and the services' URLs now (the environment's, or an admin's);
 * each request gives up after `answerTimeoutMs` without an answer, and a build on GitHub Actions is looked at every `pollIntervalMs`.
 */
function cloudAdapters(answerTimeoutMs: number, pollIntervalMs: number): ProviderFactory {
  return {
    sourceHost: ({ token }, urls) => new GitHubSourceHost({ token, apiUrl: urls.githubApi, answerTimeoutMs }),
    registry: ({ username, token }, urls) => new DockerHubRegistry({ username, token, hubUrl: urls.dockerHub, registryUrl: urls.dockerRegistry, answerTimeoutMs }),
    builder: ({ token, registry, registryCredentials }, urls) => new GitHubActionsBuilder({ token, apiUrl: urls.githubApi, registry, registryCredentials, answerTimeoutMs, pollIntervalMs }),
    cluster: ({ token, clusterId, certIssuer, ingressClass }, urls) => doksCluster({ token, clusterId, apiUrl: urls.digitalOceanApi, answerTimeoutMs, certIssuer, ingressClass }),
    kubeconfigCluster: ({ kubeconfig, context, certIssuer, ingressClass }) => kubeconfigCluster({ kubeconfig, context, answerTimeoutMs, certIssuer, ingressClass }),
  };
}
