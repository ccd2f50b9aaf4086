import styled from '@emotion/styled';
import { useEffect, useState } from 'react';
import { useField, type FieldInputProps } from 'react-final-form';
import { apiErrorMessage } from '../../../app/apollo/error-message';
import { useKubeconfigContextsQuery } from '../../../generated/hooks';
import { controlStyles } from '../../../ui/fields/FieldShell';
import type { SettingDisplay } from '../hooks/useSettingsForm';

const StyledSelect = styled('select', { shouldForwardProp: (prop) => prop !== 'invalid' })<{ invalid: boolean }>(({ theme, invalid }) => ({
  ...controlStyles({ theme, invalid }),
  flex: 1,
  minWidth: 0,
  fontFamily: theme.fonts.mono,
}));

const StyledColumn = styled.div(({ theme }) => ({ display: 'flex', flexDirection: 'column', gap: theme.spacing(1.5), flex: 1, minWidth: 0 }));

const StyledProblem = styled.span(({ theme }) => ({ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }));

/** How long typing in the kubeconfig pauses before its contexts are asked for again. */
const TYPING_PAUSE_MS = 300;

interface KubeconfigContextSelectProps {
  input: FieldInputProps<string>;
  control: { id: string; invalid: boolean; 'aria-invalid': boolean; 'aria-describedby': string };
  displayOf: (key: 'KUBECONFIG', value: string) => SettingDisplay;
  /** Id of the line that says why there are no contexts to choose (described by the select). */
  problemId: string;
}

/**
 * KUBERNETES_CONTEXT as a choice of the contexts of the kubeconfig in the form: the server reads them (the saved
 * kubeconfig while the field still shows it masked), so the screen never parses YAML itself. A kubeconfig that
 * cannot be read says why next to the choice; the saved context stays listed.
 */
export function KubeconfigContextSelect({ input, control, displayOf, problemId }: KubeconfigContextSelectProps) {
  const kubeconfig = useField<string>('KUBECONFIG', { subscription: { value: true } }).input.value ?? '';
  const typed = displayOf('KUBECONFIG', kubeconfig).mode === 'masked' ? null : kubeconfig.trim() || '';
  const [asked, setAsked] = useState(typed);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(typed), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  // No cache: the variables hold the kubeconfig, a secret.
  const { data, error } = useKubeconfigContextsQuery({ variables: { kubeconfig: asked }, skip: asked === '', fetchPolicy: 'no-cache' });
  const contexts = asked === '' ? [] : (data?.kubeconfigContexts.contexts ?? []);
  const choices = input.value && !contexts.includes(input.value) ? [input.value, ...contexts] : contexts;
  const problem =
    asked === ''
      ? 'Paste or upload a kubeconfig to choose one of its contexts.'
      : error
        ? apiErrorMessage(error, 'The kubeconfig’s contexts could not be read')
        : data && contexts.length === 0
          ? 'No kubeconfig is saved yet.'
          : null;
  return (
    <StyledColumn>
      <StyledSelect {...input} {...control} aria-describedby={[control['aria-describedby'], problem && problemId].filter(Boolean).join(' ')} value={input.value ?? ''}>
        <option value="">Choose a context</option>
        {choices.map((name) => (
          <option key={name} value={name}>
            {name}
            {name === data?.kubeconfigContexts.current ? ' (current-context)' : ''}
          </option>
        ))}
      </StyledSelect>
      {problem && (
        <StyledProblem id={problemId} role="status">
          {problem}
        </StyledProblem>
      )}
    </StyledColumn>
  );
}
