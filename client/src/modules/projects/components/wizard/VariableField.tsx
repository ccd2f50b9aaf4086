import styled from '@emotion/styled';
import { useId, useState } from 'react';
import { useField } from 'react-final-form';
import { Badge } from '../../../../ui/Badge';
import { Button } from '../../../../ui/Button';
import { controlStyles } from '../../../../ui/fields/FieldShell';
import { isSensitiveName } from '@slipway/domain';
import { maskDefaultValue } from '../../validation/project.validation';
import type { TemplateVariable } from './wizard-data';

const StyledVariable = styled.div(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(1.5),
  marginBottom: theme.spacing(4),
}));

const StyledLabelRow = styled.div(({ theme }) => ({ display: 'flex', alignItems: 'center', gap: theme.spacing(2) }));

const StyledLabel = styled.label(({ theme }) => ({
  fontFamily: theme.fonts.mono,
  fontSize: theme.fontSizes.sm,
  fontWeight: theme.fontWeights.bold,
}));

const StyledAsterisk = styled.span(({ theme }) => ({ marginLeft: theme.spacing(0.5), color: theme.colors.danger }));

const StyledInputRow = styled.div(({ theme }) => ({ display: 'flex', gap: theme.spacing(2) }));

const StyledInput = styled('input', { shouldForwardProp: (prop) => prop !== 'invalid' })<{ invalid: boolean }>((props) => ({
  ...controlStyles(props),
  fontFamily: props.theme.fonts.mono,
}));

const StyledHelp = styled.span(({ theme }) => ({ fontSize: theme.fontSizes.xs, color: theme.colors.textMuted }));

const StyledError = styled.span(({ theme }) => ({ fontSize: theme.fontSizes.sm, color: theme.colors.danger }));

/**
 * One template variable: its name (asterisk when required), description, default, and an input. Sensitive
 * names get a 'Sensitive' badge and a masked input with a Show/Hide toggle; their default is shown masked.
 */
export function VariableField({ variable }: { variable: TemplateVariable }) {
  const id = useId();
  const sensitive = isSensitiveName(variable.name);
  const [revealed, setRevealed] = useState(false);
  const { input, meta } = useField<string>(`variables.${variable.name}`, { subscription: { value: true, error: true, touched: true, modified: true } });
  const error = meta.error && (meta.touched || meta.modified) ? String(meta.error) : undefined;
  const defaultText = variable.defaultValue
    ? `Default: ${sensitive ? maskDefaultValue(variable.defaultValue) : variable.defaultValue}`
    : undefined;
  const described = [variable.description && `${id}-description`, defaultText && `${id}-default`, error && `${id}-error`]
    .filter(Boolean)
    .join(' ');

  return (
    <StyledVariable data-testid={`variable-${variable.name}`}>
      <StyledLabelRow>
        <span>
          <StyledLabel htmlFor={id}>{variable.name}</StyledLabel>
          {variable.required && <StyledAsterisk aria-hidden="true">*</StyledAsterisk>}
        </span>
        {sensitive && <Badge tone="warning">Sensitive</Badge>}
      </StyledLabelRow>
      {variable.description && <StyledHelp id={`${id}-description`}>{variable.description}</StyledHelp>}
      <StyledInputRow>
        <StyledInput
          {...input}
          value={input.value ?? ''}
          id={id}
          type={sensitive && !revealed ? 'password' : 'text'}
          autoComplete="off"
          spellCheck={false}
          required={variable.required}
          aria-required={variable.required}
          invalid={Boolean(error)}
          aria-invalid={Boolean(error)}
          aria-describedby={described || undefined}
        />
        {sensitive && (
          <Button
            variant="secondary"
            onClick={() => setRevealed((current) => !current)}
            aria-label={`${revealed ? 'Hide' : 'Show'} ${variable.name}`}
            aria-pressed={revealed}
          >
            {revealed ? 'Hide' : 'Show'}
          </Button>
        )}
      </StyledInputRow>
      {defaultText && <StyledHelp id={`${id}-default`}>{defaultText}</StyledHelp>}
      {error && <StyledError id={`${id}-error`}>{error}</StyledError>}
    </StyledVariable>
  );
}
