import styled from '@emotion/styled';
import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

interface StyleProps {
  variant: ButtonVariant;
  size: ButtonSize;
  fullWidth: boolean;
}

const STYLE_PROPS = new Set(['variant', 'size', 'fullWidth']);

const StyledButton = styled('button', { shouldForwardProp: (prop) => !STYLE_PROPS.has(prop) })<StyleProps>(
  ({ theme, variant, size, fullWidth }) => {
    const palette = {
      primary: { color: theme.colors.textInverse, background: theme.colors.primary, hover: theme.colors.primaryHover, border: theme.colors.primary },
      secondary: { color: theme.colors.text, background: theme.colors.surface, hover: theme.colors.surfaceMuted, border: theme.colors.border },
      danger: { color: theme.colors.textInverse, background: theme.colors.danger, hover: theme.colors.dangerHover, border: theme.colors.danger },
      ghost: { color: theme.colors.text, background: 'transparent', hover: theme.colors.surfaceMuted, border: 'transparent' },
    }[variant];
    return {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      gap: theme.spacing(2),
      width: fullWidth ? '100%' : undefined,
      padding: size === 'sm' ? theme.spacing(1, 3) : theme.spacing(2, 4),
      fontSize: size === 'sm' ? theme.fontSizes.sm : theme.fontSizes.md,
      fontWeight: theme.fontWeights.medium,
      color: palette.color,
      background: palette.background,
      border: `1px solid ${palette.border}`,
      borderRadius: theme.radii.md,
      cursor: 'pointer',
      transition: `background ${theme.transitions.fast}`,
      '&:hover:not(:disabled)': { background: palette.hover },
      '&:disabled': { opacity: 0.55, cursor: 'not-allowed' },
    };
  },
);

/** The one button: `variant` picks the colours, `size` the padding; type defaults to "button". */
export function Button({ variant = 'primary', size = 'md', fullWidth = false, type = 'button', ...rest }: ButtonProps) {
  return <StyledButton type={type} variant={variant} size={size} fullWidth={fullWidth} {...rest} />;
}
