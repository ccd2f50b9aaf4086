import styled from '@emotion/styled';
import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { useField, type UseFieldConfig } from 'react-final-form';
import { FieldShell, controlStyles, describedBy, fieldError } from './FieldShell';

const StyledTextArea = styled('textarea', { shouldForwardProp: (prop) => prop !== 'invalid' })<{ invalid: boolean }>(
  (props) => ({ ...controlStyles(props), resize: 'vertical' }),
);

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'value' | 'onChange' | 'onBlur' | 'onFocus'>;

export interface TextAreaFieldProps extends TextAreaProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  validate?: UseFieldConfig['validate'];
}

/** A labelled react-final-form textarea showing its error once touched. */
export function TextAreaField({ name, label, hint, validate, rows = 4, ...textAreaProps }: TextAreaFieldProps) {
  const id = useId();
  const { input, meta } = useField<string>(name, { validate });
  const error = fieldError(meta);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <StyledTextArea
        {...textAreaProps}
        {...input}
        value={input.value ?? ''}
        id={id}
        rows={rows}
        invalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(id, hint, error)}
      />
    </FieldShell>
  );
}
