/** One of the tabs GraphiQL opens with on a first visit; GraphiQL titles a tab with its operation's name. */
export interface ExampleTab {
  query: string;
  variables?: string;
}

/** A project name inside a # comment line: on one line. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');

/** Variables as GraphiQL's editor shows them, one per line. */
function json(variables: Record<string, unknown>): string {
  return JSON.stringify(variables, null, 2);
}

/** One of the user's projects, for the examples that need one. */
export interface ExampleProject {
  id: string;
  name: string;
}

const LIST_PROJECTS: ExampleTab = {
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
};

const CREATE_PROJECT: ExampleTab = {
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
};

/** Follows the given project's pipeline, or says where to get a project id when the user has none yet. */
function followPipeline(project: ExampleProject | null): ExampleTab {
  const target = project
    ? `# It follows ${oneLine(project.name)}, your most recently changed project; put another project's id below for another.`
    : '# You have no project yet: run CreateProject first, then put the id it answers as projectId below.';
  return {
    query: `# Follow a pipeline live over graphql-ws: the project's latest run now, then every change (Stop ends it).
${target}
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
    variables: json({ projectId: project?.id ?? '' }),
  };
}

/**
 * The main tasks of the API, one tab each, valid against schema.graphql (graphiql-examples.test.ts); the pipeline
 * example is prefilled with the user's most recently changed project. GraphiQL keeps the user's own tabs and edits
 * in local storage, so later visits open with those instead.
 */
export const exampleTabs = (project: ExampleProject | null): ExampleTab[] => [LIST_PROJECTS, CREATE_PROJECT, followPipeline(project)];
