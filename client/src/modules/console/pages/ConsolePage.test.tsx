import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_USER } from '../../../test/fixtures';
import { renderWithProviders, signedIn } from '../../../test/render';
import { ConsolePage } from './ConsolePage';

describe('ConsolePage', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("welcomes the user by name, falling back to 'User'", () => {
    const { unmount } = renderWithProviders(<ConsolePage />, { auth: signedIn() });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome back, Ada Lovelace!');
    unmount();
    renderWithProviders(<ConsolePage />, { auth: signedIn({ user: { ...TEST_USER, name: '' } }) });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome back, User!');
  });

  it.each([
    ['Environments', '1'],
    ['Services', '3'],
    ['Endpoints', '10'],
    ['Resources', '15'],
  ])('shows %s = %s with a tooltip after 500 ms', (label, value) => {
    vi.useFakeTimers();
    renderWithProviders(<ConsolePage />, { auth: signedIn() });
    const tile = screen.getByTestId(`stat-${label.toLowerCase()}`);
    expect(tile).toHaveTextContent(`${label}${value}`);
    fireEvent.mouseEnter(tile);
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    expect(tile).toHaveAccessibleDescription(screen.getByRole('tooltip').textContent!);
  });
});
