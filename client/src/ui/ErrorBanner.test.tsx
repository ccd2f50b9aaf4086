import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, signedIn } from '../test/render';
import { ErrorBanner } from './ErrorBanner';

describe('ErrorBanner', () => {
  it.each([
    ['error', 'alert', 'Error'],
    ['warning', 'status', 'Warning'],
    ['info', 'status', 'Information'],
  ] as const)('shows the %s variant with its label and role', (variant, role, label) => {
    renderWithProviders(<ErrorBanner variant={variant} message="Something happened" />, { auth: signedIn() });
    const banner = screen.getByRole(role);
    expect(banner).toHaveTextContent(label);
    expect(banner).toHaveTextContent('Something happened');
    expect(banner).toHaveAttribute('data-variant', variant);
  });

  it('offers Retry and Dismiss only when given handlers, and calls them', async () => {
    const onRetry = vi.fn();
    const onDismiss = vi.fn();
    const { user, unmount } = renderWithProviders(<ErrorBanner message="Failed" onRetry={onRetry} onDismiss={onDismiss} />, {
      auth: signedIn(),
    });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(onDismiss).toHaveBeenCalledTimes(1);

    unmount();
    renderWithProviders(<ErrorBanner message="Failed" />, { auth: signedIn() });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('uses a custom retry label and title', () => {
    renderWithProviders(<ErrorBanner title="Failed to Load Templates" message="timeout" onRetry={() => {}} retryLabel="Try Again" />, {
      auth: signedIn(),
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to Load Templates');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
