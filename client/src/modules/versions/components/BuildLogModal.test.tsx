import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '../../../app/auth/auth-token';
import { renderWithProviders, signedIn } from '../../../test/render';
import { BuildLogModal } from './BuildLogModal';
import { PROJECT_ID, buildFrameMock, testVersion } from './versions.fixtures';

const running = testVersion({ status: 'building', buildStatus: 'running', buildCompletedAt: null, buildDurationSeconds: null, buildLog: 'Cloning' });

function wholeLogFetch(logs: string) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ logs }), { status: 200 }));
}

describe('BuildLogModal', () => {
  it('follows a running build live with the last lines the subscription sends', async () => {
    const fetch = wholeLogFetch('never asked');
    renderWithProviders(<BuildLogModal projectId={PROJECT_ID} version={running} onClose={vi.fn()} />, {
      auth: signedIn(),
      mocks: [buildFrameMock(running, 'Cloning\nInstalling dependencies\nCompiling')],
    });
    expect(screen.getByRole('dialog', { name: 'Build Logs: v1.2.0' })).toBeInTheDocument();
    const log = screen.getByRole('region', { name: 'Build log of v1.2.0' });
    expect(log).toHaveTextContent('Cloning');
    expect(await screen.findByText(/Compiling/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Build status: Running');
    expect(screen.getByRole('status')).toHaveTextContent('Following the build live...');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the whole log (REST, with the bearer token) once the build has ended', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'token-1');
    const fetch = wholeLogFetch('line 1\nline 2\n...\nBuild succeeded');
    const done = testVersion({ buildLog: '...\nBuild succeeded' });
    renderWithProviders(<BuildLogModal projectId={PROJECT_ID} version={running} onClose={vi.fn()} />, {
      auth: signedIn(),
      mocks: [buildFrameMock(done, '...\nBuild succeeded')],
    });
    expect(await screen.findByText(/line 1/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Build status: Success');
    expect(screen.getByRole('status')).not.toHaveTextContent('Following');
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe(`/api/projects/${PROJECT_ID}/versions/${done.id}/build/logs?tail=10000`);
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer token-1');
  });

  it('closes on Escape', async () => {
    wholeLogFetch('');
    const onClose = vi.fn();
    const { user } = renderWithProviders(<BuildLogModal projectId={PROJECT_ID} version={testVersion()} onClose={onClose} />, {
      auth: signedIn(),
      mocks: [buildFrameMock(testVersion(), '')],
    });
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
