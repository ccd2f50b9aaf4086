import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, signedIn } from '../test/render';
import { Tooltip, TOOLTIP_DELAY_MS } from './Tooltip';

describe('Tooltip', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const setup = () =>
    renderWithProviders(
      <Tooltip content="Services running across your environments">
        <button type="button">Services</button>
      </Tooltip>,
      { auth: signedIn() },
    );

  it('appears only after 500 ms of hover', () => {
    setup();
    fireEvent.mouseEnter(screen.getByRole('button'));
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 1));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Services running across your environments');
    expect(screen.getByRole('button')).toHaveAccessibleDescription('Services running across your environments');
    expect(TOOLTIP_DELAY_MS).toBe(500);
  });

  it('never appears when the pointer leaves before the delay', () => {
    setup();
    fireEvent.mouseEnter(screen.getByRole('button'));
    act(() => vi.advanceTimersByTime(300));
    fireEvent.mouseLeave(screen.getByRole('button'));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('shows on keyboard focus and hides on blur and Escape', () => {
    setup();
    const button = screen.getByRole('button');
    act(() => button.focus());
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS));
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    fireEvent.mouseEnter(button);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS));
    act(() => button.blur());
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
