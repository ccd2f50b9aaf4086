import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { meMock } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { AUTH_TOKEN_KEY } from '../auth/auth-token';

// A page chunk that fails to load (e.g. a deploy replaced it): the route table's fallback takes over.
vi.mock('../../modules/settings/pages/SettingsPage', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('route fallback', () => {
  it("shows 'Unexpected Application Error!' when a route cannot load", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(AUTH_TOKEN_KEY, 'stored-token');
    renderApp({ route: '/dashboard/settings', mocks: [meMock()] });
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });
});
