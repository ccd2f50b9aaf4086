/** One of the tabs GraphiQL opens with on a first visit; GraphiQL titles a tab with its operation's name. */
export interface ExampleTab {
  query: string;
  variables?: string;
}

/** Variables as GraphiQL's editor shows them, one per line. */
function json(variables: Record<string, unknown>): string {
  return JSON.stringify(variables, null, 2);
}

/**
 * The main tasks of the API, one tab each, valid against schema.graphql (graphiql-examples.test.ts). GraphiQL keeps
 * the user's own tabs and edits in local storage, so later visits open with those instead.
 */
export const EXAMPLE_TABS: ExampleTab[] = [
  {
    // No variables here: GraphiQL (5.4) fills the variables editor on a change of tab, not for the tab it opens on.
    query: `# List projects: one page of yours, newest change first (Docs explains every field and argument).
# Narrow it with search: "text", status: active or tags: ["demo"] in the filter. Run it with Ctrl-Enter.
query ListProjects {
  projects(filter: { page: 1, limit: 12, sortBy: updated_at, sortOrder: DESC }) {
    total
    totalPages
    projects {
      id
      name
      status
      tags
      deployedUrl
      updatedAt
      pipelineStatus {
        overallStatus
        progressPercent
      }
    }
  }
}
`,
  },
  {
    query: `# Create a project from a template (the templates query lists them); its creation pipeline starts at once.
# Needs the GITHUB_ORGANIZATION setting. Follow the pipeline with the answer's id in the FollowPipeline tab.
mutation CreateProject($input: CreateProjectInput!) {
  createProject(input: $input) {
    id
    name
    pipelineStatus {
      streamName
      overallStatus
      progressPercent
    }
  }
}
`,
    variables: json({ input: { name: 'hello-site', templateName: 'static-site', tags: ['demo'] } }),
  },
  {
    query: `# Follow a pipeline live over graphql-ws: the project's latest run now, then every change (Stop ends it).
# Put the id of one of your projects (from ListProjects or CreateProject) in the variables below.
subscription FollowPipeline($projectId: ID!) {
  projectPipeline(projectId: $projectId) {
    streamName
    overallStatus
    progressPercent
    completedProcessors
    totalProcessors
    processors {
      label
      status
      errorMessage
    }
  }
}
`,
    variables: json({ projectId: '' }),
  },
];
