import styled from '@emotion/styled';
import { useId, useState, type ChangeEvent } from 'react';
import { MAX_KUBECONFIG_LENGTH } from '@slipway/domain';
import { useField } from 'react-final-form';
import type { SettingKey } from '../../../generated/graphql';
import { Button } from '../../../ui/Button';
import { StyledField, StyledLabel, controlStyles, fieldError } from '../../../ui/fields/FieldShell';
import type { SettingDisplay } from '../hooks/useSettingsForm';
import { COPIED_MESSAGE } from '../../../ui/clipboard';
import type { SettingFieldDefinition } from '../settings-fields';
import { KubeconfigContextSelect } from './KubeconfigContextSelect';

const StyledLabelRow = styled.div(({ theme }) => ({ display: 'flex', alignItems: 'baseline', gap: theme.spacing(2) }));

const StyledKey = styled.code(({ theme }) => ({ fontFamily: theme.fonts.mono, fontSize: theme.fontSizes.xs, color: theme.colors.textMuted }));

const StyledControlRow = styled.div(({ theme }) => ({ display: 'flex', alignItems: 'center', gap: theme.spacing(2) }));

const StyledInput = styled('input', { shouldForwardProp: (prop) => prop !== 'invalid' })<{ invalid: boolean }>(({ theme, invalid }) => ({
  ...controlStyles({ theme, invalid }),
  flex: 1,
  minWidth: 0,
  fontFamily: theme.fonts.mono,
  '&[readonly]': { background: theme.colors.surfaceMuted },
}));

const StyledTextArea = styled('textarea', { shouldForwardProp: (prop) => prop !== 'invalid' })<{ invalid: boolean }>(({ theme, invalid }) => ({
  ...controlStyles({ theme, invalid }),
  flex: 1,
  minWidth: 0,
  minHeight: '9rem',
  resize: 'vertical',
  fontFamily: theme.fonts.mono,
  fontSize: theme.fontSizes.xs,
}));

const StyledUpload = styled.div(({ theme }) => ({ display: 'flex', alignItems: 'center', gap: theme.spacing(2), flexWrap: 'wrap', fontSize: theme.fontSizes.sm }));

const StyledHint = styled.span(({ theme }) => ({ fontSize: theme.fontSizes.xs, color: theme.colors.textMuted }));

const StyledNote = styled.span(({ theme }) => ({ fontSize: theme.fontSizes.sm, color: theme.colors.text }));

const StyledError = styled.span(({ theme }) => ({ fontSize: theme.fontSizes.sm, color: theme.colors.danger }));

const StyledCopied = styled.span(({ theme }) => ({ fontSize: theme.fontSizes.sm, color: theme.colors.success }));

export interface SettingFieldProps {
  field: SettingFieldDefinition;
  displayOf: (key: SettingKey, value: string) => SettingDisplay;
  validate: (key: SettingKey, value: string | undefined) => string | undefined;
  /** Said under the field besides its hint and effect (the local-mode note under the organization). */
  note?: string;
  shown: boolean;
  onToggleShown: (key: SettingKey, value: string, setValue: (plain: string) => void) => Promise<void>;
  onCopy: (key: SettingKey, value: string) => Promise<void>;
  copied: boolean;
}

/**
 * One setting: its input (masked while a secret is hidden), Show/Hide for secrets, Copy, the rule it follows, what
 * saving it changes, its error once touched (or the server's after a save), and the copy note.
 */
export function SettingField({ field, displayOf, validate, note, shown, onToggleShown, onCopy, copied }: SettingFieldProps) {
  const id = useId();
  const { input, meta } = useField<string>(field.key, {
    subscription: { value: true, error: true, touched: true, submitError: true, dirtySinceLastSubmit: true },
    validate: (value) => validate(field.key, value),
  });
  const value = input.value ?? '';
  const display = displayOf(field.key, value);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const error = fieldError(meta);
  const describedBy = [`${id}-hint`, field.effect && `${id}-effect`, note && `${id}-note`, error && `${id}-error`].filter(Boolean).join(' ');
  const control = { id, invalid: Boolean(error), 'aria-invalid': Boolean(error), 'aria-describedby': describedBy };

  /** The chosen file's text becomes the field's value (a file far larger than any kubeconfig is not read). */
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_KUBECONFIG_LENGTH * 4) {
      setUploadError(`${file.name} is too large for a kubeconfig (at most ${MAX_KUBECONFIG_LENGTH} characters)`);
      return;
    }
    setUploadError(null);
    input.onChange(await file.text());
    input.onBlur();
  };

  return (
    <StyledField>
      <StyledLabelRow>
        <StyledLabel htmlFor={id}>{field.label}</StyledLabel>
        <StyledKey>{field.key}</StyledKey>
      </StyledLabelRow>
      <StyledControlRow>
        {field.control === 'kubeconfig-context' ? (
          <KubeconfigContextSelect input={input} control={control} displayOf={displayOf} problemId={`${id}-contexts`} />
        ) : display.mode === 'masked' ? (
          <StyledInput {...control} value={display.text} readOnly />
        ) : field.control === 'document' ? (
          <StyledTextArea {...input} {...control} value={value} placeholder={field.placeholder} rows={8} autoComplete="off" spellCheck={false} />
        ) : (
          <StyledInput
            {...input}
            {...control}
            value={value}
            type={display.mode}
            placeholder={field.placeholder}
            autoComplete="off"
            spellCheck={false}
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
        {field.control !== 'kubeconfig-context' && (
          <Button variant="secondary" size="sm" aria-label={`Copy ${field.label}`} disabled={!value} onClick={() => onCopy(field.key, value)}>
            Copy
          </Button>
        )}
      </StyledControlRow>
      {field.control === 'document' && (
        <StyledUpload>
          <label htmlFor={`${id}-file`}>Or upload a {field.label.toLowerCase()} file:</label>
          <input id={`${id}-file`} type="file" onChange={(event) => void upload(event)} />
          {uploadError && <StyledError role="alert">{uploadError}</StyledError>}
        </StyledUpload>
      )}
      <StyledHint id={`${id}-hint`}>{field.hint}</StyledHint>
      {field.effect && <StyledNote id={`${id}-effect`}>{field.effect}</StyledNote>}
      {note && <StyledNote id={`${id}-note`}>{note}</StyledNote>}
      {error && <StyledError id={`${id}-error`}>{error}</StyledError>}
      {copied && <StyledCopied role="status">{COPIED_MESSAGE}</StyledCopied>}
    </StyledField>
  );
}
