import type { MockLink } from '@apollo/client/testing';
import {
  CreateProjectDocument,
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
};

export const GO_TEMPLATE: TemplateCardFragment = {
  __typename: 'Template',
  id: 'go-api',
  name: 'go-api',
  description: 'A small HTTP API in Go',
  type: 'go_api',
  environmentVariables: [variable('LOG_LEVEL', false, 'info')],
};

export const STATIC_TEMPLATE: TemplateCardFragment = {
  __typename: 'Template',
  id: 'static-site',
  name: 'static-site',
  description: 'A static website built into dist',
  type: 'frontend',
  environmentVariables: [],
};

export const WORKER_TEMPLATE: TemplateCardFragment = {
  __typename: 'Template',
  id: 'scheduled-worker',
  name: 'scheduled-worker',
  description: 'A background job on an interval',
  type: 'other',
  environmentVariables: [variable('JOB_INTERVAL_SECONDS', false, '60')],
};

export const CATALOG = [NOTES_TEMPLATE, GO_TEMPLATE, STATIC_TEMPLATE, WORKER_TEMPLATE];

export function templatesMock(templates: TemplateCardFragment[] = CATALOG, delay?: number): MockLink.MockedResponse {
  return { request: { query: TemplatesDocument }, result: { data: { templates } }, delay };
}

export function templatesErrorMock(message: string): MockLink.MockedResponse {
  return { request: { query: TemplatesDocument }, result: graphQLErrorResult(message, 'INTERNAL_SERVER_ERROR') };
}

export function githubOrganizationMock(value: string | null): MockLink.MockedResponse {
  return { request: { query: WizardGithubOrganizationDocument }, result: { data: { settingValue: value } } };
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
