import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, signedIn } from '../../../../test/render';
import { ProjectSummaryCard } from './OverviewCards';
import { testProject } from './project-detail.fixtures';

function renderSummary(providers: ReturnType<typeof testProject>['providers']) {
  renderWithProviders(<ProjectSummaryCard project={testProject({ providers })} />, { auth: signedIn() });
  return within(screen.getByRole('region', { name: 'Project Summary' }).querySelector('dl') as HTMLElement);
}

const MOVE = /This project runs on local providers; to move it to GitHub, Docker Hub and DigitalOcean, save their credentials in Settings and create a new project from it/;

describe('ProjectSummaryCard providers', () => {
  it('shows a local project on local git, the local registry and cluster, and what moving it would take', () => {
    const facts = renderSummary({ __typename: 'ProjectProviders', sourceHost: 'local', builder: 'local', registry: 'local', cluster: 'local', label: 'local git' });
    expect(facts.getByText('Code: local git · Builds: Slipway · Images: local registry · Runs on: local cluster')).toBeInTheDocument();
    expect(facts.getByText(MOVE)).toBeInTheDocument();
  });

  it('shows a cloud project on GitHub, Docker Hub and DigitalOcean Kubernetes, with no note about moving', () => {
    const facts = renderSummary({ __typename: 'ProjectProviders', sourceHost: 'github', builder: 'github_actions', registry: 'dockerhub', cluster: 'doks', label: 'GitHub: acme/shop' });
    expect(facts.getByText('Code: GitHub: acme/shop · Builds: GitHub Actions · Images: Docker Hub · Runs on: DigitalOcean Kubernetes')).toBeInTheDocument();
    expect(facts.queryByText(MOVE)).not.toBeInTheDocument();
  });
});
