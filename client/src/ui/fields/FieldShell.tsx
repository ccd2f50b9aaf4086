import type { Theme } from '@emotion/react';
import styled from '@emotion/styled';
import type { FieldMetaState } from 'react-final-form';
import type { ReactNode } from 'react';

export const StyledField = styled.div(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(1.5),
  marginBottom: theme.spacing(4),
}));

export const StyledLabel = styled.label(({ theme }) => ({
  fontSize: theme.fontSizes.sm,
  fontWeight: theme.fontWeights.medium,
}));

/** Shared look of <input>, <textarea> and <select>. */
export const controlStyles = ({ theme, invalid }: { theme: Theme; invalid: boolean }) => ({
  width: '100%',
  padding: theme.spacing(2, 3),
  color: theme.colors.text,
  background: theme.colors.surface,
  border: `1px solid ${invalid ? theme.colors.danger : theme.colors.border}`,
  borderRadius: theme.radii.md,
  '&:focus': { borderColor: theme.colors.primary, outline: `2px solid ${theme.colors.focus}`, outlineOffset: 0 },
  '&:disabled': { background: theme.colors.surfaceMuted, cursor: 'not-allowed' },
});

const StyledHint = styled.span(({ theme }) => ({ fontSize: theme.fontSizes.xs, color: theme.colors.textMuted }));

const StyledError = styled.span(({ theme }) => ({ fontSize: theme.fontSizes.sm, color: theme.colors.danger }));

/** The message to show under a field: its validation error once touched, or a server error from the last submit. */
export function fieldError(meta: FieldMetaState<unknown>): string | undefined {
  if (!meta.touched) return undefined;
  if (meta.error) return String(meta.error);
  if (meta.submitError && !meta.dirtySinceLastSubmit) return String(meta.submitError);
  return undefined;
}

interface FieldShellProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}

/** Label, control, hint and error of one form field; ids follow `${id}-hint` / `${id}-error`. */
export function FieldShell({ id, label, hint, error, children }: FieldShellProps) {
  return (
    <StyledField>
      <StyledLabel htmlFor={id}>{label}</StyledLabel>
      {children}
      {hint && <StyledHint id={`${id}-hint`}>{hint}</StyledHint>}
      {error && <StyledError id={`${id}-error`}>{error}</StyledError>}
    </StyledField>
  );
}

/** aria-describedby for a control with an optional hint and error. */
export function describedBy(id: string, hint: unknown, error: string | undefined): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}
