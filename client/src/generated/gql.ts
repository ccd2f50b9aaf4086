/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "fragment AuthUser on User {\n  id\n  name\n  email\n  role\n  createdAt\n}\n\nquery Me {\n  me {\n    ...AuthUser\n  }\n}\n\nmutation Login($input: LoginInput!) {\n  login(input: $input) {\n    token\n    user {\n      ...AuthUser\n    }\n  }\n}\n\nmutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    token\n    user {\n      ...AuthUser\n    }\n  }\n}\n\nmutation Logout {\n  logout\n}": typeof types.AuthUserFragmentDoc,
    "fragment LogRow on CommandLog {\n  id\n  command\n  type\n  success\n  createdAt\n}\n\nfragment LogDetail on CommandLog {\n  id\n  userId\n  command\n  type\n  output\n  success\n  createdAt\n}\n\nquery CommandLogs($filter: CommandLogFilter) {\n  commandLogs(filter: $filter) {\n    logs {\n      ...LogRow\n    }\n    total\n    page\n    totalPages\n  }\n}\n\nquery CommandLog($id: ID!) {\n  commandLog(id: $id) {\n    ...LogDetail\n  }\n}": typeof types.LogRowFragmentDoc,
    "mutation ExecuteCommand($command: String!) {\n  executeCommand(command: $command) {\n    type\n    output\n  }\n}\n\nquery CommandSuggestions($search: String) {\n  commandSuggestions(search: $search) {\n    command\n    description\n    parameters\n    category\n  }\n}": typeof types.ExecuteCommandDocument,
    "query WizardGithubOrganization {\n  settingValue(key: GITHUB_ORGANIZATION)\n}\n\nmutation CreateProject($input: CreateProjectInput!) {\n  createProject(input: $input) {\n    id\n    name\n  }\n}": typeof types.WizardGithubOrganizationDocument,
    "mutation DeleteProject($id: ID!) {\n  deleteProject(id: $id)\n}": typeof types.DeleteProjectDocument,
    "fragment ProjectEnvironment on Project {\n  id\n  environmentVariables {\n    name\n    value\n    sensitive\n  }\n}\n\nfragment ProjectDetail on Project {\n  id\n  name\n  description\n  tags\n  status\n  version\n  repositoryUrl\n  deployedUrl\n  templateName\n  template {\n    id\n    name\n    type\n  }\n  createdAt\n  updatedAt\n  ...ProjectEnvironment\n}\n\nquery ProjectDetail($id: ID!) {\n  project(id: $id) {\n    ...ProjectDetail\n  }\n}": typeof types.ProjectEnvironmentFragmentDoc,
    "fragment ProjectCard on Project {\n  id\n  name\n  description\n  status\n  tags\n  version\n  createdAt\n  updatedAt\n}\n\nquery Projects($filter: ProjectsFilterInput) {\n  projects(filter: $filter) {\n    page\n    limit\n    total\n    totalPages\n    projects {\n      ...ProjectCard\n    }\n  }\n}\n\nquery ProjectTags {\n  projectTags\n}": typeof types.ProjectCardFragmentDoc,
    "mutation UpdateProjectEnvironment($id: ID!, $variables: [EnvironmentVariableInput!]!) {\n  updateProjectEnvironment(id: $id, variables: $variables) {\n    updatedAt\n    ...ProjectEnvironment\n  }\n}": typeof types.UpdateProjectEnvironmentDocument,
    "mutation UpdateProject($id: ID!, $input: UpdateProjectInput!) {\n  updateProject(id: $id, input: $input) {\n    ...ProjectDetail\n  }\n}": typeof types.UpdateProjectDocument,
    "fragment SettingFields on Setting {\n  key\n  secret\n  configured\n  value\n  maskedValue\n  updatedAt\n}\n\nquery Settings {\n  settings {\n    ...SettingFields\n  }\n}\n\nquery SettingValue($key: SettingKey!) {\n  settingValue(key: $key)\n}\n\nmutation SaveSettings($settings: [SettingInput!]!) {\n  saveSettings(settings: $settings) {\n    ...SettingFields\n  }\n}": typeof types.SettingFieldsFragmentDoc,
    "fragment TemplateCard on Template {\n  id\n  name\n  description\n  type\n  environmentVariables {\n    name\n    description\n    defaultValue\n    required\n  }\n}\n\nquery Templates {\n  templates {\n    ...TemplateCard\n  }\n}": typeof types.TemplateCardFragmentDoc,
    "fragment VersionCard on Version {\n  id\n  versionTag\n  versionNumber\n  description\n  gitBranch\n  gitCommitSha\n  status\n  buildStatus\n  active\n  buildStartedAt\n  buildCompletedAt\n  buildLog\n  dockerImageUrl\n  artifacts {\n    id\n    type\n  }\n  createdAt\n  updatedAt\n}\n\nquery ProjectVersions($projectId: ID!, $filter: VersionsFilterInput) {\n  project(id: $projectId) {\n    id\n    versions(filter: $filter) {\n      page\n      limit\n      total\n      totalPages\n      versions {\n        ...VersionCard\n      }\n    }\n  }\n}\n\nmutation CreateVersion($projectId: ID!, $input: CreateVersionInput!) {\n  createVersion(projectId: $projectId, input: $input) {\n    ...VersionCard\n  }\n}\n\nmutation ArchiveVersion($id: ID!) {\n  archiveVersion(id: $id) {\n    ...VersionCard\n  }\n}\n\nmutation RestoreVersion($id: ID!) {\n  restoreVersion(id: $id) {\n    ...VersionCard\n  }\n}\n\nmutation DeleteVersion($id: ID!) {\n  deleteVersion(id: $id)\n}\n\nsubscription VersionBuildLog($versionId: ID!) {\n  versionBuild(versionId: $versionId) {\n    logTail\n    version {\n      ...VersionCard\n    }\n  }\n}": typeof types.VersionCardFragmentDoc,
};
const documents: Documents = {
    "fragment AuthUser on User {\n  id\n  name\n  email\n  role\n  createdAt\n}\n\nquery Me {\n  me {\n    ...AuthUser\n  }\n}\n\nmutation Login($input: LoginInput!) {\n  login(input: $input) {\n    token\n    user {\n      ...AuthUser\n    }\n  }\n}\n\nmutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    token\n    user {\n      ...AuthUser\n    }\n  }\n}\n\nmutation Logout {\n  logout\n}": types.AuthUserFragmentDoc,
    "fragment LogRow on CommandLog {\n  id\n  command\n  type\n  success\n  createdAt\n}\n\nfragment LogDetail on CommandLog {\n  id\n  userId\n  command\n  type\n  output\n  success\n  createdAt\n}\n\nquery CommandLogs($filter: CommandLogFilter) {\n  commandLogs(filter: $filter) {\n    logs {\n      ...LogRow\n    }\n    total\n    page\n    totalPages\n  }\n}\n\nquery CommandLog($id: ID!) {\n  commandLog(id: $id) {\n    ...LogDetail\n  }\n}": types.LogRowFragmentDoc,
    "mutation ExecuteCommand($command: String!) {\n  executeCommand(command: $command) {\n    type\n    output\n  }\n}\n\nquery CommandSuggestions($search: String) {\n  commandSuggestions(search: $search) {\n    command\n    description\n    parameters\n    category\n  }\n}": types.ExecuteCommandDocument,
    "query WizardGithubOrganization {\n  settingValue(key: GITHUB_ORGANIZATION)\n}\n\nmutation CreateProject($input: CreateProjectInput!) {\n  createProject(input: $input) {\n    id\n    name\n  }\n}": types.WizardGithubOrganizationDocument,
    "mutation DeleteProject($id: ID!) {\n  deleteProject(id: $id)\n}": types.DeleteProjectDocument,
    "fragment ProjectEnvironment on Project {\n  id\n  environmentVariables {\n    name\n    value\n    sensitive\n  }\n}\n\nfragment ProjectDetail on Project {\n  id\n  name\n  description\n  tags\n  status\n  version\n  repositoryUrl\n  deployedUrl\n  templateName\n  template {\n    id\n    name\n    type\n  }\n  createdAt\n  updatedAt\n  ...ProjectEnvironment\n}\n\nquery ProjectDetail($id: ID!) {\n  project(id: $id) {\n    ...ProjectDetail\n  }\n}": types.ProjectEnvironmentFragmentDoc,
    "fragment ProjectCard on Project {\n  id\n  name\n  description\n  status\n  tags\n  version\n  createdAt\n  updatedAt\n}\n\nquery Projects($filter: ProjectsFilterInput) {\n  projects(filter: $filter) {\n    page\n    limit\n    total\n    totalPages\n    projects {\n      ...ProjectCard\n    }\n  }\n}\n\nquery ProjectTags {\n  projectTags\n}": types.ProjectCardFragmentDoc,
    "mutation UpdateProjectEnvironment($id: ID!, $variables: [EnvironmentVariableInput!]!) {\n  updateProjectEnvironment(id: $id, variables: $variables) {\n    updatedAt\n    ...ProjectEnvironment\n  }\n}": types.UpdateProjectEnvironmentDocument,
    "mutation UpdateProject($id: ID!, $input: UpdateProjectInput!) {\n  updateProject(id: $id, input: $input) {\n    ...ProjectDetail\n  }\n}": types.UpdateProjectDocument,
    "fragment SettingFields on Setting {\n  key\n  secret\n  configured\n  value\n  maskedValue\n  updatedAt\n}\n\nquery Settings {\n  settings {\n    ...SettingFields\n  }\n}\n\nquery SettingValue($key: SettingKey!) {\n  settingValue(key: $key)\n}\n\nmutation SaveSettings($settings: [SettingInput!]!) {\n  saveSettings(settings: $settings) {\n    ...SettingFields\n  }\n}": types.SettingFieldsFragmentDoc,
    "fragment TemplateCard on Template {\n  id\n  name\n  description\n  type\n  environmentVariables {\n    name\n    description\n    defaultValue\n    required\n  }\n}\n\nquery Templates {\n  templates {\n    ...TemplateCard\n  }\n}": types.TemplateCardFragmentDoc,
    "fragment VersionCard on Version {\n  id\n  versionTag\n  versionNumber\n  description\n  gitBranch\n  gitCommitSha\n  status\n  buildStatus\n  active\n  buildStartedAt\n  buildCompletedAt\n  buildLog\n  dockerImageUrl\n  artifacts {\n    id\n    type\n  }\n  createdAt\n  updatedAt\n}\n\nquery ProjectVersions($projectId: ID!, $filter: VersionsFilterInput) {\n  project(id: $projectId) {\n    id\n    versions(filter: $filter) {\n      page\n      limit\n      total\n      totalPages\n      versions {\n        ...VersionCard\n      }\n    }\n  }\n}\n\nmutation CreateVersion($projectId: ID!, $input: CreateVersionInput!) {\n  createVersion(projectId: $projectId, input: $input) {\n    ...VersionCard\n  }\n}\n\nmutation ArchiveVersion($id: ID!) {\n  archiveVersion(id: $id) {\n    ...VersionCard\n  }\n}\n\nmutation RestoreVersion($id: ID!) {\n  restoreVersion(id: $id) {\n    ...VersionCard\n  }\n}\n\nmutation DeleteVersion($id: ID!) {\n  deleteVersion(id: $id)\n}\n\nsubscription VersionBuildLog($versionId: ID!) {\n  versionBuild(versionId: $versionId) {\n    logTail\n    version {\n      ...VersionCard\n    }\n  }\n}": types.VersionCardFragmentDoc,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment AuthUser on User {\n  id\n  name\n  email\n  role\n  createdAt\n}\n\nquery Me {\n  me {\n    ...AuthUser\n  }\n}\n\nmutation Login($input: LoginInput!) {\n  login(input: $input) {\n    token\n    user {\n      ...AuthUser\n    }\n  }\n}\n\nmutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    token\n    user {\n      ...AuthUser\n    }\n  }\n}\n\nmutation Logout {\n  logout\n}"): (typeof documents)["fragment AuthUser on User {\n  id\n  name\n  email\n  role\n  createdAt\n}\n\nquery Me {\n  me {\n    ...AuthUser\n  }\n}\n\nmutation Login($input: LoginInput!) {\n  login(input: $input) {\n    token\n    user {\n      ...AuthUser\n    }\n  }\n}\n\nmutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    token\n    user {\n      ...AuthUser\n    }\n  }\n}\n\nmutation Logout {\n  logout\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment LogRow on CommandLog {\n  id\n  command\n  type\n  success\n  createdAt\n}\n\nfragment LogDetail on CommandLog {\n  id\n  userId\n  command\n  type\n  output\n  success\n  createdAt\n}\n\nquery CommandLogs($filter: CommandLogFilter) {\n  commandLogs(filter: $filter) {\n    logs {\n      ...LogRow\n    }\n    total\n    page\n    totalPages\n  }\n}\n\nquery CommandLog($id: ID!) {\n  commandLog(id: $id) {\n    ...LogDetail\n  }\n}"): (typeof documents)["fragment LogRow on CommandLog {\n  id\n  command\n  type\n  success\n  createdAt\n}\n\nfragment LogDetail on CommandLog {\n  id\n  userId\n  command\n  type\n  output\n  success\n  createdAt\n}\n\nquery CommandLogs($filter: CommandLogFilter) {\n  commandLogs(filter: $filter) {\n    logs {\n      ...LogRow\n    }\n    total\n    page\n    totalPages\n  }\n}\n\nquery CommandLog($id: ID!) {\n  commandLog(id: $id) {\n    ...LogDetail\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ExecuteCommand($command: String!) {\n  executeCommand(command: $command) {\n    type\n    output\n  }\n}\n\nquery CommandSuggestions($search: String) {\n  commandSuggestions(search: $search) {\n    command\n    description\n    parameters\n    category\n  }\n}"): (typeof documents)["mutation ExecuteCommand($command: String!) {\n  executeCommand(command: $command) {\n    type\n    output\n  }\n}\n\nquery CommandSuggestions($search: String) {\n  commandSuggestions(search: $search) {\n    command\n    description\n    parameters\n    category\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query WizardGithubOrganization {\n  settingValue(key: GITHUB_ORGANIZATION)\n}\n\nmutation CreateProject($input: CreateProjectInput!) {\n  createProject(input: $input) {\n    id\n    name\n  }\n}"): (typeof documents)["query WizardGithubOrganization {\n  settingValue(key: GITHUB_ORGANIZATION)\n}\n\nmutation CreateProject($input: CreateProjectInput!) {\n  createProject(input: $input) {\n    id\n    name\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation DeleteProject($id: ID!) {\n  deleteProject(id: $id)\n}"): (typeof documents)["mutation DeleteProject($id: ID!) {\n  deleteProject(id: $id)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment ProjectEnvironment on Project {\n  id\n  environmentVariables {\n    name\n    value\n    sensitive\n  }\n}\n\nfragment ProjectDetail on Project {\n  id\n  name\n  description\n  tags\n  status\n  version\n  repositoryUrl\n  deployedUrl\n  templateName\n  template {\n    id\n    name\n    type\n  }\n  createdAt\n  updatedAt\n  ...ProjectEnvironment\n}\n\nquery ProjectDetail($id: ID!) {\n  project(id: $id) {\n    ...ProjectDetail\n  }\n}"): (typeof documents)["fragment ProjectEnvironment on Project {\n  id\n  environmentVariables {\n    name\n    value\n    sensitive\n  }\n}\n\nfragment ProjectDetail on Project {\n  id\n  name\n  description\n  tags\n  status\n  version\n  repositoryUrl\n  deployedUrl\n  templateName\n  template {\n    id\n    name\n    type\n  }\n  createdAt\n  updatedAt\n  ...ProjectEnvironment\n}\n\nquery ProjectDetail($id: ID!) {\n  project(id: $id) {\n    ...ProjectDetail\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment ProjectCard on Project {\n  id\n  name\n  description\n  status\n  tags\n  version\n  createdAt\n  updatedAt\n}\n\nquery Projects($filter: ProjectsFilterInput) {\n  projects(filter: $filter) {\n    page\n    limit\n    total\n    totalPages\n    projects {\n      ...ProjectCard\n    }\n  }\n}\n\nquery ProjectTags {\n  projectTags\n}"): (typeof documents)["fragment ProjectCard on Project {\n  id\n  name\n  description\n  status\n  tags\n  version\n  createdAt\n  updatedAt\n}\n\nquery Projects($filter: ProjectsFilterInput) {\n  projects(filter: $filter) {\n    page\n    limit\n    total\n    totalPages\n    projects {\n      ...ProjectCard\n    }\n  }\n}\n\nquery ProjectTags {\n  projectTags\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateProjectEnvironment($id: ID!, $variables: [EnvironmentVariableInput!]!) {\n  updateProjectEnvironment(id: $id, variables: $variables) {\n    updatedAt\n    ...ProjectEnvironment\n  }\n}"): (typeof documents)["mutation UpdateProjectEnvironment($id: ID!, $variables: [EnvironmentVariableInput!]!) {\n  updateProjectEnvironment(id: $id, variables: $variables) {\n    updatedAt\n    ...ProjectEnvironment\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateProject($id: ID!, $input: UpdateProjectInput!) {\n  updateProject(id: $id, input: $input) {\n    ...ProjectDetail\n  }\n}"): (typeof documents)["mutation UpdateProject($id: ID!, $input: UpdateProjectInput!) {\n  updateProject(id: $id, input: $input) {\n    ...ProjectDetail\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment SettingFields on Setting {\n  key\n  secret\n  configured\n  value\n  maskedValue\n  updatedAt\n}\n\nquery Settings {\n  settings {\n    ...SettingFields\n  }\n}\n\nquery SettingValue($key: SettingKey!) {\n  settingValue(key: $key)\n}\n\nmutation SaveSettings($settings: [SettingInput!]!) {\n  saveSettings(settings: $settings) {\n    ...SettingFields\n  }\n}"): (typeof documents)["fragment SettingFields on Setting {\n  key\n  secret\n  configured\n  value\n  maskedValue\n  updatedAt\n}\n\nquery Settings {\n  settings {\n    ...SettingFields\n  }\n}\n\nquery SettingValue($key: SettingKey!) {\n  settingValue(key: $key)\n}\n\nmutation SaveSettings($settings: [SettingInput!]!) {\n  saveSettings(settings: $settings) {\n    ...SettingFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment TemplateCard on Template {\n  id\n  name\n  description\n  type\n  environmentVariables {\n    name\n    description\n    defaultValue\n    required\n  }\n}\n\nquery Templates {\n  templates {\n    ...TemplateCard\n  }\n}"): (typeof documents)["fragment TemplateCard on Template {\n  id\n  name\n  description\n  type\n  environmentVariables {\n    name\n    description\n    defaultValue\n    required\n  }\n}\n\nquery Templates {\n  templates {\n    ...TemplateCard\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment VersionCard on Version {\n  id\n  versionTag\n  versionNumber\n  description\n  gitBranch\n  gitCommitSha\n  status\n  buildStatus\n  active\n  buildStartedAt\n  buildCompletedAt\n  buildLog\n  dockerImageUrl\n  artifacts {\n    id\n    type\n  }\n  createdAt\n  updatedAt\n}\n\nquery ProjectVersions($projectId: ID!, $filter: VersionsFilterInput) {\n  project(id: $projectId) {\n    id\n    versions(filter: $filter) {\n      page\n      limit\n      total\n      totalPages\n      versions {\n        ...VersionCard\n      }\n    }\n  }\n}\n\nmutation CreateVersion($projectId: ID!, $input: CreateVersionInput!) {\n  createVersion(projectId: $projectId, input: $input) {\n    ...VersionCard\n  }\n}\n\nmutation ArchiveVersion($id: ID!) {\n  archiveVersion(id: $id) {\n    ...VersionCard\n  }\n}\n\nmutation RestoreVersion($id: ID!) {\n  restoreVersion(id: $id) {\n    ...VersionCard\n  }\n}\n\nmutation DeleteVersion($id: ID!) {\n  deleteVersion(id: $id)\n}\n\nsubscription VersionBuildLog($versionId: ID!) {\n  versionBuild(versionId: $versionId) {\n    logTail\n    version {\n      ...VersionCard\n    }\n  }\n}"): (typeof documents)["fragment VersionCard on Version {\n  id\n  versionTag\n  versionNumber\n  description\n  gitBranch\n  gitCommitSha\n  status\n  buildStatus\n  active\n  buildStartedAt\n  buildCompletedAt\n  buildLog\n  dockerImageUrl\n  artifacts {\n    id\n    type\n  }\n  createdAt\n  updatedAt\n}\n\nquery ProjectVersions($projectId: ID!, $filter: VersionsFilterInput) {\n  project(id: $projectId) {\n    id\n    versions(filter: $filter) {\n      page\n      limit\n      total\n      totalPages\n      versions {\n        ...VersionCard\n      }\n    }\n  }\n}\n\nmutation CreateVersion($projectId: ID!, $input: CreateVersionInput!) {\n  createVersion(projectId: $projectId, input: $input) {\n    ...VersionCard\n  }\n}\n\nmutation ArchiveVersion($id: ID!) {\n  archiveVersion(id: $id) {\n    ...VersionCard\n  }\n}\n\nmutation RestoreVersion($id: ID!) {\n  restoreVersion(id: $id) {\n    ...VersionCard\n  }\n}\n\nmutation DeleteVersion($id: ID!) {\n  deleteVersion(id: $id)\n}\n\nsubscription VersionBuildLog($versionId: ID!) {\n  versionBuild(versionId: $versionId) {\n    logTail\n    version {\n      ...VersionCard\n    }\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;