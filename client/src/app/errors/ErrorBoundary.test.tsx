import { screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, signedIn } from '../../test/render';
import { ErrorBoundary } from './ErrorBoundary';

let shouldThrow: Error | null = null;

function Fragile() {
  if (shouldThrow) throw shouldThrow;
  return <p>all good</p>;
}

function Harness() {
  const [key, setKey] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setKey((k) => k + 1)}>
        navigate
      </button>
      <ErrorBoundary resetKey={key}>
        <Fragile />
      </ErrorBoundary>
    </>
  );
}

describe('ErrorBoundary', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    shouldThrow = null;
  });

  it("shows 'Something went wrong' with the error's message", () => {
    shouldThrow = new Error('Cannot read the project');
    renderWithProviders(<Harness />, { auth: signedIn() });
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Cannot read the project')).toBeInTheDocument();
  });

  it("falls back to 'An unexpected error occurred' without a message", () => {
    shouldThrow = new Error('');
    renderWithProviders(<Harness />, { auth: signedIn() });
    expect(screen.getByText('An unexpected error occurred')).toBeInTheDocument();
  });

  it('renders the children again on Try Again', async () => {
    shouldThrow = new Error('flaky');
    const { user } = renderWithProviders(<Harness />, { auth: signedIn() });
    shouldThrow = null;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('all good')).toBeInTheDocument();
  });

  it('clears the error when its reset key changes (a new route)', async () => {
    shouldThrow = new Error('broken page');
    const { user } = renderWithProviders(<Harness />, { auth: signedIn() });
    shouldThrow = null;
    await user.click(screen.getByRole('button', { name: 'navigate' }));
    expect(screen.getByText('all good')).toBeInTheDocument();
  });

  it('reloads the page on Reload Page', async () => {
    shouldThrow = new Error('broken');
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const { user } = renderWithProviders(<Harness />, { auth: signedIn() });
    await user.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(reload).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});
