import styled from '@emotion/styled';
import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { useField, type UseFieldConfig } from 'react-final-form';
import { FieldShell, controlStyles, describedBy, fieldError } from './FieldShell';

const StyledSelect = styled('select', { shouldForwardProp: (prop) => prop !== 'invalid' })<{ invalid: boolean }>(controlStyles);

export interface SelectOption {
  value: string;
  label: string;
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'value' | 'onChange' | 'onBlur' | 'onFocus'>;

export interface SelectFieldProps extends SelectProps {
  name: string;
  label: ReactNode;
  options: readonly SelectOption[];
  hint?: ReactNode;
  validate?: UseFieldConfig['validate'];
}

/** A labelled react-final-form <select> over `options`. */
export function SelectField({ name, label, options, hint, validate, ...selectProps }: SelectFieldProps) {
  const id = useId();
  const { input, meta } = useField<string>(name, { validate });
  const error = fieldError(meta);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <StyledSelect
        {...selectProps}
        {...input}
        value={input.value ?? ''}
        id={id}
        invalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(id, hint, error)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </StyledSelect>
    </FieldShell>
  );
}
