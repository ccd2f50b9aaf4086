import type { MockLink } from '@apollo/client/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ArchiveVersionDocument, DeleteVersionDocument } from '../../../generated/graphql';
import { graphQLErrorResult } from '../../../test/fixtures';
import { renderWithProviders, signedIn } from '../../../test/render';
import { DEFAULT_VERSION_PARAMS, toVersionsFilter } from '../version-list-params';
import { COMMIT, PROJECT_ID, testVersion, versionsErrorMock, versionsMock } from './versions.fixtures';
import { VersionsTab } from './VersionsTab';

const renderTab = (mocks: MockLink.MockedResponse[], route = `/dashboard/projects/${PROJECT_ID}`) =>
  renderWithProviders(<VersionsTab projectId={PROJECT_ID} />, { auth: signedIn(), mocks, route });

const card = (tag: string) => screen.findByRole('article', { name: `Version ${tag}` });

describe('VersionsTab', () => {
  it('shows the title with the total and a version card with its facts and actions', async () => {
    renderTab([versionsMock([testVersion()], { page: { page: 1, total: 21, totalPages: 2 } })]);
    const version = await card('v1.2.0');
    expect(screen.getByRole('heading', { name: 'Versions (21)' })).toBeInTheDocument();
    expect(within(version).getByText('Ready')).toBeInTheDocument();
    expect(within(version).getByText('Build: Success')).toBeInTheDocument();
    expect(version).toHaveTextContent('Branchmain');
    expect(within(version).getByText(COMMIT.slice(0, 8))).toBeInTheDocument();
    expect(version).toHaveTextContent('Build duration2m 5s');
    expect(within(version).getByRole('link', { name: 'https://registry.example/analytical-engine:v1.2.0' })).toHaveAttribute(
      'href',
      'https://registry.example/analytical-engine:v1.2.0',
    );
    expect(within(version).getByRole('button', { name: 'Download image artifact of version v1.2.0' })).toBeInTheDocument();
    // Ready, built and not active: Deploy is offered (disabled here: no onDeploy, the project page gives one).
    expect(within(version).getByRole('button', { name: 'Deploy version v1.2.0' })).toBeDisabled();
    expect(within(version).getByRole('button', { name: 'View build logs of version v1.2.0' })).toBeInTheDocument();
    expect(within(version).getByRole('button', { name: 'Archive version v1.2.0' })).toBeInTheDocument();
    expect(within(version).getByRole('button', { name: 'Delete version v1.2.0' })).toBeInTheDocument();
    expect(within(version).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText('Showing page 1 of 2')).toBeInTheDocument();
  });

  it('offers Deploy only for a ready, built, inactive version; a running build shows its 60 % bar; archived ones Restore', async () => {
    renderTab([
      versionsMock([
        testVersion({ id: 'b1', versionTag: 'v2.0.0', status: 'building', buildStatus: 'running', buildCompletedAt: null, buildDurationSeconds: null, artifacts: [] }),
        testVersion({ id: 'b2', versionTag: 'v1.9.0', active: true, dockerImageUrl: 'slipway.local/acme/engine:v1.9.0' }),
        testVersion({ id: 'b3', versionTag: 'v1.8.0', status: 'archived' }),
        testVersion({ id: 'b4', versionTag: 'v1.7.0', status: 'build_failed', buildStatus: 'failed' }),
      ]),
    ]);
    const running = await card('v2.0.0');
    // A registry reference that is no web address shows as text, not as a link into this app.
    expect(within(await card('v1.9.0')).queryByRole('link')).not.toBeInTheDocument();
    expect(within(running).getByRole('progressbar', { name: 'Build in progress...' })).toHaveAttribute('aria-valuenow', '60');
    expect(within(running).getByText('Build: Running')).toBeInTheDocument();
    expect(running).not.toHaveTextContent('Build duration');
    for (const tag of ['v2.0.0', 'v1.9.0', 'v1.8.0', 'v1.7.0']) {
      expect(within(await card(tag)).queryByRole('button', { name: `Deploy version ${tag}` })).not.toBeInTheDocument();
    }
    const archived = await card('v1.8.0');
    expect(within(archived).getByText('Archived')).toBeInTheDocument();
    expect(within(archived).queryByRole('button', { name: /^Archive/ })).not.toBeInTheDocument();
    expect(within(archived).getByRole('button', { name: 'Restore version v1.8.0' })).toBeInTheDocument();
    expect(within(await card('v1.9.0')).getByText('Active')).toBeInTheDocument();
  });

  it("shows 'No versions found' with 'Create First Version', which opens the Create Version dialog", async () => {
    const { user } = renderTab([versionsMock([])]);
    expect(await screen.findByText('No versions found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Versions (0)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create First Version' }));
    expect(screen.getByRole('dialog', { name: 'Create Version' })).toBeInTheDocument();
  });

  it('keeps the status filter and sort in the URL and asks for that list', async () => {
    const ready = { ...DEFAULT_VERSION_PARAMS, status: 'ready' as const };
    const sorted = { ...ready, sortBy: 'version_number' as const, sortOrder: 'ASC' as const };
    const { user, router } = renderTab([
      versionsMock([testVersion()]),
      versionsMock([testVersion()], { filter: toVersionsFilter(ready) }),
      versionsMock([], { filter: toVersionsFilter(sorted) }),
    ]);
    await card('v1.2.0');
    await user.selectOptions(screen.getByLabelText('Status'), 'Ready');
    expect(await card('v1.2.0')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Version (low to high)');
    expect(await screen.findByText('No versions found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filters.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create First Version' })).not.toBeInTheDocument();
    const query = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(query)).toEqual({ versions_status: 'ready', versions_sort_by: 'version_number', versions_sort_order: 'ASC' });
  });

  it('asks before deleting a version, deletes it and shows the list without it', async () => {
    const version = testVersion();
    const { user } = renderTab([
      versionsMock([version]),
      { request: { query: DeleteVersionDocument, variables: { id: version.id } }, result: { data: { deleteVersion: true } } },
      versionsMock([]),
    ]);
    await user.click(within(await card('v1.2.0')).getByRole('button', { name: 'Delete version v1.2.0' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Version' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete version v1.2.0? This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Version' }));
    expect(await screen.findByText('No versions found')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Versions (0)' })).toHaveFocus();
  });

  it('does not offer to delete the live version: its Delete says why, reachable by keyboard, and asks nothing', async () => {
    const reason = 'Version v1.2.0 is live in production: deploy another version before deleting it';
    const { user } = renderTab([versionsMock([testVersion({ active: true, deletionRefusal: reason })])]);
    const remove = within(await card('v1.2.0')).getByRole('button', { name: 'Delete version v1.2.0' });
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    expect(remove).toHaveAccessibleDescription(reason);
    expect(screen.getByText(reason)).toBeVisible();
    remove.focus();
    await user.keyboard('{Enter}');
    await user.click(remove);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows 'Failed to archive version' when the server gives no message, and keeps the version", async () => {
    const version = testVersion();
    const { user } = renderTab([
      versionsMock([version]),
      { request: { query: ArchiveVersionDocument, variables: { id: version.id } }, error: new Error('') },
    ]);
    await user.click(within(await card('v1.2.0')).getByRole('button', { name: 'Archive version v1.2.0' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to archive version');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await card('v1.2.0')).toBeInTheDocument();
  });

  it("copies the full commit hash and says 'Copied to clipboard!'", async () => {
    const { user } = renderTab([versionsMock([testVersion()])]);
    await user.click(within(await card('v1.2.0')).getByRole('button', { name: 'Copy commit hash of version v1.2.0' }));
    expect(await navigator.clipboard.readText()).toBe(COMMIT);
    expect(screen.getByRole('status')).toHaveTextContent('Copied to clipboard!');
  });

  it('tries a failed load again after 1 s and shows the list', async () => {
    renderTab([versionsErrorMock(new Error('Response not successful: Received status code 502')), versionsMock([testVersion()])]);
    expect(await screen.findByText('Loading versions...')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Version v1.2.0' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('gives up after the second attempt on an error that is not a 5xx or network failure, and offers Retry', async () => {
    const notFound: MockLink.MockedResponse = {
      request: { query: versionsMock([]).request.query, variables: versionsMock([]).request.variables },
      result: graphQLErrorResult('Project not found', 'NOT_FOUND'),
    };
    const { user } = renderTab([notFound, { ...notFound }, versionsMock([testVersion()])]);
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent('Project not found');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await card('v1.2.0')).toBeInTheDocument();
  });
});
