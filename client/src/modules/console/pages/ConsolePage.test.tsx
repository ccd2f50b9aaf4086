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

  it('makes the four tiles one tab stop: the arrow keys, Home and End move between them, Tab leaves', async () => {
    const { user } = renderWithProviders(<ConsolePage />, { auth: signedIn() });
    const tile = (label: string) => screen.getByTestId(`stat-${label.toLowerCase()}`);
    await user.tab();
    expect(tile('Environments')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tile('Services')).toHaveFocus();
    await user.keyboard('{End}');
    expect(tile('Resources')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tile('Environments')).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(tile('Endpoints')).toHaveFocus();
    await user.tab();
    expect(document.activeElement).not.toHaveAttribute('data-testid', expect.stringMatching(/^stat-/));
    await user.tab({ shift: true });
    expect(tile('Endpoints')).toHaveFocus();
    expect(['Environments', 'Services', 'Endpoints', 'Resources'].filter((label) => tile(label).tabIndex === 0)).toEqual(['Endpoints']);
  });
});
