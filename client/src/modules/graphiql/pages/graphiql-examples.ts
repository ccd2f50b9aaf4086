/** The tabs GraphiQL opens with on a first visit: one per main task of the API (later visits keep the user's tabs). */
export const EXAMPLE_TABS: Array<{ query: string; variables?: string }> = [
  {
    query: `# Slipway's GraphQL API, as the signed-in user. The Docs button explains every type and field.
query Me {
  me {
    name
    email
    role
  }
}
`,
  },
  {
    query: `# One page of your projects (12 per page by default), newest change first.
query ListProjects($search: String) {
  projects(filter: { search: $search, page: 1, limit: 12, sortBy: updated_at, sortOrder: DESC }) {
    total
    totalPages
    projects {
      id
      name
      status
      tags
      deployedUrl
      updatedAt
    }
  }
}
`,
    variables: '{ "search": null }',
  },
  {
    query: `# Creates a project from a template (see the templates query); its creation pipeline starts at once.
# Set the GITHUB_ORGANIZATION setting first.
mutation CreateProject($input: CreateProjectInput!) {
  createProject(input: $input) {
    id
    name
    pipelineStatus {
      streamName
      overallStatus
    }
  }
}
`,
    variables: '{ "input": { "name": "hello-site", "templateName": "static-site", "tags": ["demo"] } }',
  },
  {
    query: `# Follows a project's pipeline live over graphql-ws: the current state first, then every change.
subscription FollowPipeline($projectId: ID!) {
  projectPipeline(projectId: $projectId) {
    streamName
    overallStatus
    progressPercent
    completedProcessors
    totalProcessors
    processors {
      processorName
      label
      status
      errorMessage
    }
  }
}
`,
    variables: '{ "projectId": "paste a project id here" }',
  },
];
