/** Static sample content of the Info page (spec section 1: insights, deploys, resources, actions, updates). */
export const INSIGHTS = [
  { label: 'Deploy frequency', value: '4.2 / day', trend: 'up 12% this week' },
  { label: 'Build success rate', value: '96%', trend: 'steady' },
  { label: 'Mean time to recovery', value: '18 min', trend: 'down 5 min' },
  { label: 'Average build time', value: '3m 42s', trend: 'down 20s' },
] as const;

export const RECENT_DEPLOYS = [
  { project: 'storefront-web', version: 'v6.11.2', environment: 'production', status: 'Active', when: '12 minutes ago' },
  { project: 'orders-api', version: 'v6.11.1', environment: 'production', status: 'Active', when: '2 hours ago' },
  { project: 'billing-worker', version: 'v6.10.30', environment: 'staging', status: 'Rolled Back', when: 'yesterday' },
  { project: 'docs-site', version: 'v6.10.28', environment: 'production', status: 'Active', when: '3 days ago' },
] as const;

export const RESOURCES = [
  { name: 'Cluster nodes', usage: '3 of 5', detail: 's-2vcpu-4gb, fra1' },
  { name: 'Container images', usage: '42', detail: '6.8 GB in the registry' },
  { name: 'Load balancers', usage: '2', detail: 'one per public service' },
  { name: 'Persistent volumes', usage: '4', detail: '80 GB provisioned' },
] as const;

export const QUICK_ACTIONS = [
  { label: 'Create a project', to: '/dashboard/projects/new', detail: 'Start from a template in four steps.' },
  { label: 'Open the console', to: '/dashboard/console', detail: 'Run commands such as help, projects and status.' },
  { label: 'Review settings', to: '/dashboard/settings', detail: 'Registry, cloud, cluster and GitHub credentials.' },
  { label: 'Explore the API', to: '/graphiql', detail: 'Query the GraphQL API in GraphiQL.' },
] as const;

export const UPDATES = [
  { date: '2026-10-28', title: 'Rolling updates by default', body: 'Deployments replace pods gradually and roll back automatically when health checks fail.' },
  { date: '2026-10-14', title: 'Pipeline timeline', body: 'Project creation and deletion show each step live, with substeps and timings.' },
  { date: '2026-09-30', title: 'Command logs', body: 'Every console command is kept with its output, searchable by type and text.' },
] as const;
