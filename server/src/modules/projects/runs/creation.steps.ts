import { stepLabel } from '@slipway/domain';
import type { Template } from '../../templates/template.model.js';
import { renderTemplateFiles } from '../../templates/template-renderer.js';
import { ORGANIZATION_NAME, validateDescription, validateProjectName } from '../project.validation.js';
import { DeploymentStatus } from '../../deployments/deployment-status.js';
import { defineStep, type StepContext, type StepDefinition, StepFailure, type StepIcon } from '../../../pipelines/steps.js';
import { StepStatus } from '../../../pipelines/pipeline-step.entity.js';
import { HEALTH_TIMEOUT_SECONDS, rollOut, rolloutFailure } from '../../deployments/runs/deployment-rollout.js';
import { ENVIRONMENT, FIRST_VERSION_TAG, MAIN_BRANCH, SLIPWAY_AUTHOR, commitImage, namesOf, requireProject, type RunNames } from './run-names.js';
import { clusterOf, ranOnUnlessNamed, registryOf, sourceHostOf } from './run-places.js';
import type { RunProviders } from './run-ports.js';
import { BUILD_TIMEOUT_SECONDS, buildVersion, confirmArtifact, runBuild, storeSecrets, storeWorkflowSecrets } from '../../versions/runs/version-build.js';

type Ctx = StepContext<RunProviders>;

function step(id: string, icon: StepIcon, description: string, timeoutSeconds: number, run: (ctx: Ctx) => Promise<void>, extra: Partial<StepDefinition<RunProviders>> = {}) {
  return defineStep<RunProviders>({ id, label: stepLabel(id), description, icon, timeoutSeconds, run, ...extra });
}

async function runNames(ctx: Ctx): Promise<RunNames> {
  return namesOf(await requireProject(ctx.providers.records));
}

/** The project's template; a project made from one that has left the catalog cannot go on. */
async function requireTemplate(ctx: Ctx): Promise<Template> {
  const template = await ctx.providers.records.template();
  if (!template) throw new StepFailure('The project has no template in the catalog');
  return template;
}

/** A cloud adapter's access check: its message is written for the owner (and never holds a credential). */
async function accessChecked(check: Promise<unknown>): Promise<void> {
  try {
    await check;
  } catch (error) {
    throw error instanceof StepFailure ? error : new StepFailure(error instanceof Error ? error.message : 'The access check failed');
  }
}

/** The first commit's files: the template's, rendered; a blank project starts with a README. */
async function sourceFiles(ctx: Ctx) {
  const { records } = ctx.providers;
  const project = await requireProject(records);
  const template = project.templateName ? await requireTemplate(ctx) : null;
  const files = template
    ? await renderTemplateFiles(template, { projectName: project.name, description: project.description })
    : [{ path: 'README.md', content: `# ${project.name}\n\n${project.description}\n`.replace(/\n\n\n$/, '\n') }];
  return files.map((file) => ({ path: file.path, content: Buffer.from(file.content) }));
}

const validateRequest = step('validate-request', 'config', 'Checks the project request again: name, description, template and its required variables', 30, async (ctx) => {
  const { records } = ctx.providers;
  const project = await requireProject(records);
  validateProjectName(project.name);
  validateDescription(project.description);
  if (project.templateName) {
    const template = await requireTemplate(ctx);
    const environment = await records.environment();
    const missing = template.environmentVariables.filter((variable) => variable.required && !environment[variable.name]?.trim());
    if (missing.length) throw new StepFailure(`${missing[0].name} is required`);
    await ctx.logger.info(`template ${template.name} with ${Object.keys(environment).length} environment variables`);
  } else {
    await ctx.logger.info('blank project: no template');
  }
});

const loadSettings = step('load-settings', 'config', 'Loads the settings the run needs (GITHUB_ORGANIZATION)', 30, async (ctx) => {
  const organization = await ctx.providers.records.githubOrganization();
  if (!organization) throw new StepFailure('GITHUB_ORGANIZATION is not set: add it in Settings');
  const { repository, project } = await runNames(ctx);
  await ctx.logger.info(`GITHUB_ORGANIZATION is ${organization}`);
  const kinds = project.providers;
  await ctx.logger.info(`providers: source host ${kinds.source_host}, builder ${kinds.builder}, registry ${kinds.registry}, cluster ${kinds.cluster}`);
  if (organization !== repository.organization) {
    await ctx.logger.info(`the project keeps the organization it was created with: ${repository.organization}`);
  }
});

const validateGithub = step('validate-github', 'code', 'Checks the organization and the repository name with the source host', 60, async (ctx) => {
  const { repository } = await runNames(ctx);
  if (!ORGANIZATION_NAME.test(repository.organization)) throw new StepFailure('GITHUB_ORGANIZATION must be letters, digits and single hyphens');
  const { sourceHost } = ctx.providers;
  if (sourceHost.validateAccess) await accessChecked(sourceHost.validateAccess(repository.organization));
  const existing = await sourceHost.findRepository(repository);
  await ctx.logger.info(
    `${ctx.providers.sourceHost.kind} source host: ${repository.organization}/${repository.name} ${existing ? 'exists (this run made it, or it is reused)' : 'will be created'}`,
  );
}, { describe: (used) => `Checks the organization and the repository name with ${sourceHostOf(used)}`, ranOn: ranOnUnlessNamed('source_host') });

const buildModel = step('build-model', 'files', 'Works out what the project will be: repository, files, build, image and app', 30, async (ctx) => {
  const names = await runNames(ctx);
  const template = names.project.templateName ? await requireTemplate(ctx) : null;
  await ctx.logger.info(`repository ${names.repository.organization}/${names.repository.name}, branch ${MAIN_BRANCH}`);
  if (!template) {
    await ctx.logger.info('blank project: a README, no build and no deployment');
    return;
  }
  await ctx.logger.info(`template ${template.name}: ${template.files.length} files`);
  await ctx.logger.info(`build: ${template.runtime.build?.join(' ') ?? 'none'}; test: ${template.runtime.test?.join(' ') ?? 'none'}; start: ${template.runtime.start.join(' ')}`);
  await ctx.logger.info(`image ${names.imageRepository}:${FIRST_VERSION_TAG}; app ${names.appName} (${ENVIRONMENT})`);
});

const persistProject = step('persist-project', 'database', 'Confirms the project is saved', 30, async (ctx) => {
  const project = await requireProject(ctx.providers.records);
  await ctx.logger.info(`project ${project.id} saved`);
});

const setupRepository = step('setup-github-repo', 'code', 'Creates the project repository', 120, async (ctx) => {
  const { repository, project } = await runNames(ctx);
  const info = await ctx.providers.sourceHost.ensureRepository(repository, { description: project.description });
  await ctx.providers.records.update({ repositoryUrl: info.url });
  await ctx.logger.info(`repository ${info.url}`);
  // A workflow run starts with the first commit: the secrets it pushes with must be there before.
  await storeWorkflowSecrets(ctx, repository);
}, { describe: (used) => `Creates the project repository in ${sourceHostOf(used)}`, ranOn: ranOnUnlessNamed('source_host') });

const generateTemplate = step('generate-template', 'files', "Renders the template's files for the project", 60, async (ctx) => {
  const files = await sourceFiles(ctx);
  await ctx.logger.info(`${files.length} files: ${files.map((file) => file.path).join(', ')}`.slice(0, 2000));
});

const commitCode = step('commit-code', 'code', `Commits the files to ${MAIN_BRANCH}`, 120, async (ctx) => {
  const { repository, project } = await runNames(ctx);
  const { sha, created } = await ctx.providers.sourceHost.commitFiles(repository, {
    branch: MAIN_BRANCH,
    message: project.templateName ? `Initial commit from the ${project.templateName} template` : 'Initial commit',
    files: await sourceFiles(ctx),
    author: SLIPWAY_AUTHOR,
  });
  await ctx.providers.records.update({ buildCommit: sha });
  await ctx.logger.info(`${created ? 'committed' : 'already committed'} ${sha}`);
}, { describe: (used) => `Commits the files to ${MAIN_BRANCH} in ${sourceHostOf(used)}` });

const setupSecrets = step('setup-secrets', 'config', "Stores the project's environment variables as repository secrets", 60, async (ctx) => {
  const { repository } = await runNames(ctx);
  await ctx.logger.info(`${await storeSecrets(ctx, repository)} secrets stored`);
}, { describe: (used) => (used.source_host === 'github' ? "Stores the project's environment variables as GitHub Actions secrets, sealed" : "Stores the project's environment variables as the local repository's encrypted secrets") });

const LOCAL_CI_BUILD = `Runs the CI build (the template's build command and tests) on the ${MAIN_BRANCH} commit`;
const checkBuildStatus = step(
  'check-build-status',
  'test',
  LOCAL_CI_BUILD,
  BUILD_TIMEOUT_SECONDS + 30,
  async (ctx) => {
    const names = await runNames(ctx);
    const sha = names.project.buildCommit;
    if (!sha) throw new StepFailure('The project has no commit to build');
    const template = await requireTemplate(ctx);
    const { result, log } = await runBuild(ctx, names, { commitSha: sha, image: commitImage(names, sha), runtime: template.runtime });
    await ctx.logger.info(log.slice(-2000));
    // A build that ran and failed would fail the same way again (and a workflow run costs its Actions minutes): no
    // automatic attempts; Retry builds again once the cause is fixed.
    if (result.status !== 'success') throw new StepFailure(`CI build failed: ${result.error ?? 'no reason given'}`, { final: true });
    await ctx.logger.info(`CI build of ${sha.slice(0, 12)} passed in ${result.durationMs} ms`);
  },
  { describe: (used) => (used.builder === 'github-actions' ? `Follows the GitHub Actions run of the ${MAIN_BRANCH} commit to its conclusion` : LOCAL_CI_BUILD) },
);

const createVersion = step('create-github-version', 'code', `Tags the commit ${FIRST_VERSION_TAG} and records the version`, 60, async (ctx) => {
  const { repository, project } = await runNames(ctx);
  if (!project.buildCommit) throw new StepFailure('The project has no commit to tag');
  await ctx.providers.records.ensureVersion({ versionTag: FIRST_VERSION_TAG, gitBranch: MAIN_BRANCH, gitCommitSha: project.buildCommit, description: 'Initial version' });
  await ctx.providers.sourceHost.createTag(repository, { name: FIRST_VERSION_TAG, sha: project.buildCommit, message: `Version ${FIRST_VERSION_TAG}` });
  await ctx.logger.info(`tag ${FIRST_VERSION_TAG} on ${project.buildCommit.slice(0, 12)}`);
  // Made after the first commit and its tag: the creation deploys that commit, so its push is no push to deploy.
  if (ctx.providers.sourceHost.ensureWebhook) {
    const hook = await ctx.providers.records.webhook();
    if (hook) await ctx.providers.sourceHost.ensureWebhook(repository, hook);
    await ctx.logger.info(hook ? `webhook ${hook.url} (push events)` : "no webhook: Slipway's public URL is not known yet (set SLIPWAY_PUBLIC_URL)");
  }
}, { describe: (used) => `Tags the commit ${FIRST_VERSION_TAG} in ${sourceHostOf(used)} and records the version`, ranOn: ranOnUnlessNamed('source_host') });

const versionBuild = step(
  'check-github-version-build',
  'server',
  `Builds ${FIRST_VERSION_TAG} into an artifact`,
  BUILD_TIMEOUT_SECONDS + 30,
  async (ctx) => {
    const names = await runNames(ctx);
    const version = await ctx.providers.records.version(FIRST_VERSION_TAG);
    if (!version) throw new StepFailure(`Version ${FIRST_VERSION_TAG} is missing`);
    await buildVersion(ctx, names, version, (await requireTemplate(ctx)).runtime);
  },
  {
    describe: (used) => (used.builder === 'github-actions' ? `Follows the GitHub Actions run of the ${FIRST_VERSION_TAG} tag into an artifact` : `Builds ${FIRST_VERSION_TAG} into an artifact`),
    ranOn: ranOnUnlessNamed('builder'),
  },
);

const checkDocker = step('check-docker', 'cloud', `Checks that the registry holds the ${FIRST_VERSION_TAG} artifact`, 60, async (ctx) => {
  const names = await runNames(ctx);
  const version = await ctx.providers.records.version(FIRST_VERSION_TAG);
  if (!version) throw new StepFailure(`Version ${FIRST_VERSION_TAG} is missing`);
  const { registry } = ctx.providers;
  if (registry.validateAccess) await accessChecked(registry.validateAccess());
  const artifact = await confirmArtifact(ctx, names, version);
  await ctx.providers.records.update({ dockerImageUrl: artifact.url });
}, { describe: (used) => `Checks that ${registryOf(used)} holds the ${FIRST_VERSION_TAG} artifact`, ranOn: ranOnUnlessNamed('registry') });

const deploy = step(
  'deploy-to-doks',
  'deploy',
  `Deploys ${FIRST_VERSION_TAG} to the cluster and waits for its health check`,
  HEALTH_TIMEOUT_SECONDS + 120,
  async (ctx) => {
    const { records, cluster } = ctx.providers;
    const names = await runNames(ctx);
    const template = await requireTemplate(ctx);
    const version = await records.version(FIRST_VERSION_TAG);
    if (!version) throw new StepFailure(`Version ${FIRST_VERSION_TAG} is missing`);
    // The same kind of row as a deployment run's: strategy initial, a sealed environment snapshot, events.
    const deployment = await records.ensureInitialDeployment(version.id, ENVIRONMENT);
    if (deployment.status === DeploymentStatus.active) {
      await ctx.logger.info(`${FIRST_VERSION_TAG} is deployed already`);
      return;
    }
    await records.updateDeployment(deployment.id, { status: DeploymentStatus.deploying, errorMessage: null });
    await ctx.substep('start', StepStatus.running);
    try {
      const status = await rollOut(ctx, names, deployment, template, FIRST_VERSION_TAG);
      if (!status.url) throw new StepFailure('The cluster gave the app no URL');
      await ctx.substep('start', StepStatus.completed);
      await ctx.substep('health', StepStatus.completed);
      await ctx.logger.info(`${cluster.kind} cluster: ${names.appName} revision ${status.revision} at ${status.url}`);
    } catch (error) {
      const message = rolloutFailure(error, ctx.signal);
      // Pending again, not rolled back: the creation run's Retry deploys it once more.
      await records.updateDeployment(deployment.id, { status: DeploymentStatus.pending, errorMessage: message });
      await records.addDeploymentEvent(deployment.id, 'failed', message);
      throw error instanceof StepFailure ? error : new StepFailure(message);
    }
  },
  {
    substeps: [
      { name: 'start', description: 'Start the new revision' },
      { name: 'health', description: 'Pass the health check and take the traffic' },
    ],
    describe: (used) => `Deploys ${FIRST_VERSION_TAG} to ${clusterOf(used)} and waits for its health check`,
    ranOn: ranOnUnlessNamed('cluster'),
  },
);

const finalize = step('finalize-deployment', 'deploy', 'Makes the version and deployment the active ones and publishes the URL', 60, async (ctx) => {
  const { records, cluster } = ctx.providers;
  const names = await runNames(ctx);
  const template = await requireTemplate(ctx);
  const version = await records.version(FIRST_VERSION_TAG);
  const deployment = (await records.deployments()).find((row) => version && row.versionId === version.id && row.environment === ENVIRONMENT);
  const status = await cluster.status(names.appName);
  if (!version || !deployment || status?.state !== 'running' || !status.url) throw new StepFailure('The app is not running');
  await records.activateDeployment(deployment.id, { ...status, url: status.url, healthPath: template.runtime.healthPath });
  await ctx.logger.info(`live at ${status.url}`);
});

/** Spec section 4's creation steps, in order; a blank project stops after its secrets (nothing to build or deploy). */
export const creationSteps = [
  validateRequest,
  loadSettings,
  validateGithub,
  buildModel,
  persistProject,
  setupRepository,
  generateTemplate,
  commitCode,
  setupSecrets,
  checkBuildStatus,
  createVersion,
  versionBuild,
  checkDocker,
  deploy,
  finalize,
];

export const blankProjectSteps = creationSteps.slice(0, creationSteps.indexOf(setupSecrets) + 1);
