import styled from '@emotion/styled';
import type { Theme } from '@emotion/react';
import type { ReactNode } from 'react';
import { Button } from './Button';

export type BannerVariant = 'error' | 'warning' | 'info';

const VARIANT_LABELS: Record<BannerVariant, string> = {
  error: 'Error',
  warning: 'Warning',
  info: 'Information',
};

function variantColors(theme: Theme, variant: BannerVariant) {
  return {
    error: { color: theme.colors.danger, background: theme.colors.dangerSoft },
    warning: { color: theme.colors.warning, background: theme.colors.warningSoft },
    info: { color: theme.colors.info, background: theme.colors.infoSoft },
  }[variant];
}

const StyledBanner = styled('div', { shouldForwardProp: (prop) => prop !== 'variant' })<{ variant: BannerVariant }>(
  ({ theme, variant }) => {
    const colors = variantColors(theme, variant);
    return {
      display: 'flex',
      alignItems: 'flex-start',
      gap: theme.spacing(3),
      padding: theme.spacing(3, 4),
      color: colors.color,
      background: colors.background,
      border: `1px solid ${colors.color}`,
      borderRadius: theme.radii.md,
      fontSize: theme.fontSizes.sm,
    };
  },
);

const StyledBody = styled.div({ flex: 1, minWidth: 0, overflowWrap: 'anywhere' });

const StyledTitle = styled.strong(({ theme }) => ({ display: 'block', fontWeight: theme.fontWeights.bold }));

const StyledActions = styled.div(({ theme }) => ({ display: 'flex', gap: theme.spacing(2), flexShrink: 0 }));

export interface ErrorBannerProps {
  message: ReactNode;
  /** Error (default), Warning or Information. */
  variant?: BannerVariant;
  /** Heading above the message; defaults to the variant's name. */
  title?: string;
  onRetry?: () => void;
  retryLabel?: string;
  onDismiss?: () => void;
}

/** A message in a coloured box, with optional Retry and Dismiss; errors are announced as alerts. */
export function ErrorBanner({ message, variant = 'error', title, onRetry, retryLabel = 'Retry', onDismiss }: ErrorBannerProps) {
  return (
    <StyledBanner variant={variant} role={variant === 'error' ? 'alert' : 'status'} data-variant={variant}>
      <StyledBody>
        <StyledTitle>{title ?? VARIANT_LABELS[variant]}</StyledTitle>
        {message}
      </StyledBody>
      {(onRetry || onDismiss) && (
        <StyledActions>
          {onRetry && (
            <Button size="sm" variant="secondary" onClick={onRetry}>
              {retryLabel}
            </Button>
          )}
          {onDismiss && (
            <Button size="sm" variant="ghost" onClick={onDismiss} aria-label="Dismiss">
              ×
            </Button>
          )}
        </StyledActions>
      )}
    </StyledBanner>
  );
}
