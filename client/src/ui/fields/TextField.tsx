import styled from '@emotion/styled';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useField, type UseFieldConfig } from 'react-final-form';
import { FieldShell, controlStyles, describedBy, fieldError } from './FieldShell';

const StyledInput = styled('input', { shouldForwardProp: (prop) => prop !== 'invalid' })<{ invalid: boolean }>(controlStyles);

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange' | 'onBlur' | 'onFocus'>;

export interface TextFieldProps extends InputProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  validate?: UseFieldConfig['validate'];
}

/** A labelled react-final-form text input showing its error once touched. */
export function TextField({ name, label, hint, validate, type = 'text', ...inputProps }: TextFieldProps) {
  const id = useId();
  const { input, meta } = useField<string>(name, { validate });
  const error = fieldError(meta);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <StyledInput
        {...inputProps}
        {...input}
        value={input.value ?? ''}
        id={id}
        type={type}
        invalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(id, hint, error)}
      />
    </FieldShell>
  );
}
