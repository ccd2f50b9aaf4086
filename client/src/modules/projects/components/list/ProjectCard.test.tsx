import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, signedIn } from '../../../../test/render';
import { makeProject } from './list.fixtures';
import { ProjectCard } from './ProjectCard';

function renderCard(overrides: Parameters<typeof makeProject>[1]) {
  const project = makeProject(7, overrides);
  renderWithProviders(<ProjectCard project={project} />, {
    auth: signedIn(),
    route: '/dashboard/projects',
    path: '/dashboard/projects',
    routes: [{ path: '/dashboard/projects/:projectId', element: <p>detail page</p> }],
  });
  return project;
}

describe('ProjectCard', () => {
  it.each([
    [[], [], null],
    [['a', 'b'], ['a', 'b'], null],
    [['a', 'b', 'c'], ['a', 'b', 'c'], null],
    [['a', 'b', 'c', 'd'], ['a', 'b', 'c'], '+1 more'],
    [['a', 'b', 'c', 'd', 'e', 'f'], ['a', 'b', 'c'], '+3 more'],
  ])('tags %j show %j then %s', (tags, shown, more) => {
    renderCard({ tags });
    const card = screen.getByTestId('project-card');
    for (const tag of shown) expect(within(card).getByText(tag)).toBeInTheDocument();
    for (const tag of tags.slice(3)) expect(within(card).queryByText(tag)).not.toBeInTheDocument();
    if (more) expect(within(card).getByText(more)).toBeInTheDocument();
    else expect(within(card).queryByText(/more$/)).not.toBeInTheDocument();
  });

  it.each([
    ['active', 'v1.0.0', 'Active', true],
    ['active', null, 'Active', false],
    ['inactive', 'v1.0.0', 'Inactive', false],
  ] as const)('status %s with version %s shows %s, Live %s', (status, version, label, live) => {
    renderCard({ status, version });
    expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.queryByText('Live') !== null).toBe(live);
  });

  it('says Being deleted (and not Live) while the project is being deleted', () => {
    renderCard({ status: 'active', version: 'v0.1.0', beingDeleted: true });
    const card = screen.getByTestId('project-card');
    expect(within(card).getByText('Being deleted')).toBeInTheDocument();
    expect(within(card).queryByText('Live')).not.toBeInTheDocument();
    expect(within(card).getByText('Active')).toBeInTheDocument();
  });

  it('says nothing of a deletion when none is going', () => {
    renderCard({ status: 'active', version: 'v0.1.0', beingDeleted: false });
    expect(screen.queryByText('Being deleted')).not.toBeInTheDocument();
    expect(screen.getByText('Live')).toBeInTheDocument();
  });

  it('opens the project when clicked', async () => {
    const project = makeProject(7);
    const { user, router } = renderWithProviders(<ProjectCard project={project} />, {
      auth: signedIn(),
      route: '/dashboard/projects',
      path: '/dashboard/projects',
      routes: [{ path: '/dashboard/projects/:projectId', element: <p>detail page</p> }],
    });
    await user.click(screen.getByText(project.name));
    expect(router.state.location.pathname).toBe(`/dashboard/projects/${project.id}`);
    expect(screen.getByText('detail page')).toBeInTheDocument();
  });
});
