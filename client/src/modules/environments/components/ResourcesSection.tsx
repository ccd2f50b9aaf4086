import styled from '@emotion/styled';
import {
  ENVIRONMENT_RESOURCE_BOUNDS,
  ENVIRONMENT_RESOURCE_KEYS,
  type EnvironmentResourceKey,
  type EnvironmentResourceValues,
  MAX_REPLICAS,
  environmentResourceError,
  environmentResourcesError,
} from '@slipway/domain';
import { type FormEvent, useId, useState } from 'react';
import { apiErrorMessage } from '../../../app/apollo/error-message';
import type { EnvironmentCardFragment } from '../../../generated/graphql';
import { useUpdateEnvironmentResourcesMutation } from '../../../generated/hooks';
import { Button } from '../../../ui/Button';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { controlStyles } from '../../../ui/fields/FieldShell';

const StyledSection = styled.section(({ theme }) => ({ marginTop: theme.spacing(3), marginBottom: theme.spacing(4) }));
const StyledHeading = styled.h3(({ theme }) => ({ fontSize: theme.fontSizes.sm, margin: `0 0 ${theme.spacing(2)}` }));
const StyledGrid = styled.div(({ theme }) => ({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(10rem, 1fr))', gap: theme.spacing(3), marginBottom: theme.spacing(3) }));
const StyledLabel = styled.label(({ theme }) => ({ display: 'block', fontSize: theme.fontSizes.sm }));
const StyledInput = styled.input<{ invalid: boolean }>(({ theme, invalid }) => ({ ...controlStyles({ theme, invalid }), display: 'block', width: '100%', marginTop: theme.spacing(1) }));
const StyledError = styled.span(({ theme }) => ({ display: 'block', color: theme.colors.danger, fontSize: theme.fontSizes.sm, marginTop: theme.spacing(1) }));
const StyledHint = styled.p(({ theme }) => ({ margin: `0 0 ${theme.spacing(2)}`, fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }));

type Key = 'replicas' | EnvironmentResourceKey;
const KEYS: Key[] = ['replicas', ...ENVIRONMENT_RESOURCE_KEYS];
const LABELS: Record<Key, string> = {
  replicas: 'Instances',
  cpuRequest: 'CPU request (cores)',
  cpuLimit: 'CPU limit (cores)',
  memoryRequestMb: 'Memory request (MB)',
  memoryLimitMb: 'Memory limit (MB)',
};

const textOf = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
const numberOf = (text: string) => (text.trim() === '' ? null : Number(text));

/** Each field's error by the domain's rules (the server checks the same), empty when the values can be saved. */
function errorsOf(values: Record<Key, string>): Partial<Record<Key, string>> {
  const errors: Partial<Record<Key, string>> = {};
  const replicas = numberOf(values.replicas);
  if (replicas === null || !Number.isInteger(replicas) || replicas < 1 || replicas > MAX_REPLICAS) errors.replicas = `Instances must be a whole number from 1 to ${MAX_REPLICAS}`;
  for (const key of ENVIRONMENT_RESOURCE_KEYS) {
    const error = environmentResourceError(key, numberOf(values[key]));
    if (error) errors[key] = error;
  }
  if (Object.keys(errors).length === 0) {
    const resources = Object.fromEntries(ENVIRONMENT_RESOURCE_KEYS.map((key) => [key, numberOf(values[key])])) as unknown as EnvironmentResourceValues;
    const tooMuch = environmentResourcesError(resources);
    if (tooMuch) errors[tooMuch.key] = tooMuch.error;
  }
  return errors;
}

/** An environment's instances and each instance's CPU and memory; saving rolls its serving build out again with them. */
export function ResourcesSection({ projectId, environment }: { projectId: string; environment: EnvironmentCardFragment }) {
  const headingId = useId();
  const idPrefix = useId();
  const initial = Object.fromEntries(KEYS.map((key) => [key, textOf(environment[key])])) as Record<Key, string>;
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [save, { loading, error }] = useUpdateEnvironmentResourcesMutation();
  const errors = submitted ? errorsOf(values) : {};
  const changed = KEYS.some((key) => values[key] !== initial[key]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errorsOf(values)).length > 0) return;
    const input = Object.fromEntries(KEYS.map((key) => [key, numberOf(values[key])]));
    void save({ variables: { projectId, name: environment.name, input } }).then(() => setSubmitted(false), () => undefined);
  };

  return (
    <StyledSection aria-labelledby={headingId}>
      <StyledHeading id={headingId}>Instances and resources of {environment.name}</StyledHeading>
      <StyledHint>
        Each instance gets these. Saving rolls the serving build out again (no rebuild). On this machine the limits are the app&apos;s sandbox limits and
        the CPU request its CPU weight; empty fields use the project&apos;s limits.
      </StyledHint>
      {error && <ErrorBanner message={apiErrorMessage(error, 'Failed to change the resources')} />}
      <form onSubmit={submit} noValidate aria-label={`Instances and resources of ${environment.name}`}>
        <StyledGrid>
          {KEYS.map((key) => {
            const id = `${idPrefix}-${key}`;
            const bounds = key === 'replicas' ? { min: 1, max: MAX_REPLICAS, step: 1 } : ENVIRONMENT_RESOURCE_BOUNDS[key];
            return (
              <div key={key}>
                <StyledLabel htmlFor={id}>{LABELS[key]}</StyledLabel>
                <StyledInput
                  id={id}
                  type="number"
                  inputMode="decimal"
                  min={bounds.min}
                  max={bounds.max}
                  step={bounds.step}
                  placeholder={key === 'replicas' ? '' : 'none'}
                  value={values[key]}
                  invalid={Boolean(errors[key])}
                  aria-invalid={Boolean(errors[key])}
                  aria-describedby={errors[key] ? `${id}-error` : undefined}
                  onChange={(event) => setValues((current) => ({ ...current, [key]: event.target.value }))}
                />
                {errors[key] && <StyledError id={`${id}-error`}>{errors[key]}</StyledError>}
              </div>
            );
          })}
        </StyledGrid>
        <Button type="submit" size="sm" disabled={loading || !changed}>
          Save and roll out
        </Button>
      </form>
    </StyledSection>
  );
}
