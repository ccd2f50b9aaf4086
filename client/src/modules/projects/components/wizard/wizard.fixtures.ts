import type { MockLink } from '@apollo/client/testing';
import {
  CreateProjectDocument,
  ProjectNameRefusalDocument,
  TemplatesDocument,
  WizardGithubOrganizationDocument,
  type CreateProjectInput,
  type TemplateCardFragment,
} from '../../../../generated/graphql';
import { graphQLErrorResult } from '../../../../test/fixtures';

/** Test data for the wizard: catalog templates and the answers of its three operations. */
function variable(name: string, required: boolean, defaultValue = '', description = `What ${name} is for`) {
  return { __typename: 'TemplateEnvironmentVariable' as const, name, description, defaultValue, required };
}

/** A toolchain as the server reports it; `available: false` when the server lacks it. */
export function toolchain(id: 'go' | 'node', available = true) {
  const name = id === 'go' ? 'Go' : 'Node.js';
  const installHint = id === 'go' ? 'install Go on the Slipway server (Debian or Ubuntu: apt-get install golang-go)' : 'install Node.js 20 or later on the Slipway server';
  return { __typename: 'TemplateToolchain' as const, id, name, available, installHint };
}

export const NOTES_TEMPLATE: TemplateCardFragment = {
  __typename: 'Template',
  id: 'fullstack-notes',
  name: 'fullstack-notes',
  description: 'A full-stack notes app with sign-in',
  type: 'fullstack',
  environmentVariables: [
    variable('ADMIN_PASSWORD', true),
    variable('APP_TITLE', true, 'Notes'),
    variable('SESSION_SECRET', false, 'a-very-long-default-session-secret-value'),
    variable('DATA_FILE', false, 'data/notes.json'),
  ],
  toolchains: [toolchain('node')],
};

export const GO_TEMPLATE: TemplateCardFragment = {
  __typename: 'Template',
  id: 'go-api',
  name: 'go-api',
  description: 'A small HTTP API in Go',
  type: 'go_api',
  environmentVariables: [variable('LOG_LEVEL', false, 'info')],
  toolchains: [toolchain('go')],
};

export const STATIC_TEMPLATE: TemplateCardFragment = {
  __typename: 'Template',
  id: 'static-site',
  name: 'static-site',
  description: 'A static website built into dist',
  type: 'frontend',
  environmentVariables: [],
  toolchains: [toolchain('node')],
};

export const WORKER_TEMPLATE: TemplateCardFragment = {
  __typename: 'Template',
  id: 'scheduled-worker',
  name: 'scheduled-worker',
  description: 'A background job on an interval',
  type: 'other',
  environmentVariables: [variable('JOB_INTERVAL_SECONDS', false, '60')],
  toolchains: [toolchain('node')],
};

export const CATALOG = [NOTES_TEMPLATE, GO_TEMPLATE, STATIC_TEMPLATE, WORKER_TEMPLATE];

export function templatesMock(templates: TemplateCardFragment[] = CATALOG, delay?: number): MockLink.MockedResponse {
  return { request: { query: TemplatesDocument }, result: { data: { templates } }, delay };
}

export function templatesErrorMock(message: string): MockLink.MockedResponse {
  return { request: { query: TemplatesDocument }, result: graphQLErrorResult(message, 'INTERNAL_SERVER_ERROR') };
}

/** The wizard's settings check: the organization, and whether a GitHub token is saved (cloud) or not (local mode). */
export function githubOrganizationMock(value: string | null, { githubToken = false } = {}): MockLink.MockedResponse {
  const settings = [{ __typename: 'Setting' as const, key: 'GITHUB_TOKEN' as const, configured: githubToken }];
  return { request: { query: WizardGithubOrganizationDocument }, result: { data: { settingValue: value, settings } } };
}

/** The server's answer on whether the name is free (null) or why it is not. */
export function projectNameMock(name: string, refusal: string | null = null): MockLink.MockedResponse {
  return { request: { query: ProjectNameRefusalDocument, variables: { name } }, result: { data: { projectNameRefusal: refusal } }, maxUsageCount: 10 };
}

export function githubOrganizationErrorMock(): MockLink.MockedResponse {
  return { request: { query: WizardGithubOrganizationDocument }, error: new Error('Network error') };
}

export const CREATED_PROJECT_ID = '0a0a0a0a-0000-4000-8000-000000000042';

/** createProject with exactly `input`: the new project, or the server's error message. */
export function createProjectMock(input: CreateProjectInput, outcome: { error?: string; delay?: number } = {}): MockLink.MockedResponse {
  const result = outcome.error
    ? graphQLErrorResult(outcome.error, 'CONFLICT')
    : { data: { createProject: { __typename: 'Project', id: CREATED_PROJECT_ID, name: input.name } } };
  return { request: { query: CreateProjectDocument, variables: { input } }, result, delay: outcome.delay };
}
