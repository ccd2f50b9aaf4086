import styled from '@emotion/styled';
import { useId } from 'react';
import { useField } from 'react-final-form';
import type { SettingKey } from '../../../generated/graphql';
import { Button } from '../../../ui/Button';
import { StyledField, StyledLabel, controlStyles } from '../../../ui/fields/FieldShell';
import type { SettingDisplay } from '../hooks/useSettingsForm';
import { COPIED_MESSAGE } from '../../../ui/clipboard';
import { TOKEN_HINT, type SettingFieldDefinition } from '../settings-fields';

const StyledLabelRow = styled.div(({ theme }) => ({ display: 'flex', alignItems: 'baseline', gap: theme.spacing(2) }));

const StyledKey = styled.code(({ theme }) => ({ fontFamily: theme.fonts.mono, fontSize: theme.fontSizes.xs, color: theme.colors.textMuted }));

const StyledControlRow = styled.div(({ theme }) => ({ display: 'flex', alignItems: 'center', gap: theme.spacing(2) }));

const StyledInput = styled.input(({ theme }) => ({
  ...controlStyles({ theme, invalid: false }),
  flex: 1,
  minWidth: 0,
  fontFamily: theme.fonts.mono,
  '&[readonly]': { background: theme.colors.surfaceMuted },
}));

const StyledHint = styled.span(({ theme }) => ({ fontSize: theme.fontSizes.xs, color: theme.colors.textMuted }));

const StyledCopied = styled.span(({ theme }) => ({ fontSize: theme.fontSizes.sm, color: theme.colors.success }));

export interface SettingFieldProps {
  field: SettingFieldDefinition;
  displayOf: (key: SettingKey, value: string) => SettingDisplay;
  shown: boolean;
  onToggleShown: (key: SettingKey, value: string, setValue: (plain: string) => void) => Promise<void>;
  onCopy: (key: SettingKey, value: string) => Promise<void>;
  copied: boolean;
}

/** One setting: its input (masked while a secret is hidden), Show/Hide for secrets, Copy, and the copy note. */
export function SettingField({ field, displayOf, shown, onToggleShown, onCopy, copied }: SettingFieldProps) {
  const id = useId();
  const { input } = useField<string>(field.key, { subscription: { value: true } });
  const value = input.value ?? '';
  const display = displayOf(field.key, value);
  const hintId = field.secret ? `${id}-hint` : undefined;

  return (
    <StyledField>
      <StyledLabelRow>
        <StyledLabel htmlFor={id}>{field.label}</StyledLabel>
        <StyledKey>{field.key}</StyledKey>
      </StyledLabelRow>
      <StyledControlRow>
        {display.mode === 'masked' ? (
          <StyledInput id={id} value={display.text} readOnly aria-describedby={hintId} />
        ) : (
          <StyledInput
            {...input}
            value={value}
            id={id}
            type={display.mode}
            placeholder={field.placeholder}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={hintId}
          />
        )}
        {field.secret && (
          <Button
            variant="secondary"
            size="sm"
            aria-label={`${shown ? 'Hide' : 'Show'} ${field.label}`}
            onClick={() => onToggleShown(field.key, value, input.onChange)}
          >
            {shown ? 'Hide' : 'Show'}
          </Button>
        )}
        <Button variant="secondary" size="sm" aria-label={`Copy ${field.label}`} disabled={!value} onClick={() => onCopy(field.key, value)}>
          Copy
        </Button>
      </StyledControlRow>
      {field.secret && <StyledHint id={hintId}>{TOKEN_HINT}</StyledHint>}
      {copied && <StyledCopied role="status">{COPIED_MESSAGE}</StyledCopied>}
    </StyledField>
  );
}
