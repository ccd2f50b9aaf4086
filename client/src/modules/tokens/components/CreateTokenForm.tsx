import styled from '@emotion/styled';
import { Field, Form, useField } from 'react-final-form';
import { Button } from '../../../ui/Button';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { SelectField } from '../../../ui/fields/SelectField';
import { TextField } from '../../../ui/fields/TextField';
import { fieldError } from '../../../ui/fields/FieldShell';
import { type CreateTokenFormController, type CreateTokenValues, EXPIRY_OPTIONS, SCOPE_OPTIONS } from '../hooks/useCreateTokenForm';

const StyledFieldset = styled.fieldset(({ theme }) => ({ border: 'none', padding: 0, margin: theme.spacing(0, 0, 4) }));

const StyledLegend = styled.legend(({ theme }) => ({ fontSize: theme.fontSizes.sm, fontWeight: theme.fontWeights.medium, marginBottom: theme.spacing(2) }));

const StyledChoice = styled.label(({ theme }) => ({ display: 'flex', alignItems: 'baseline', gap: theme.spacing(2), marginBottom: theme.spacing(1.5), fontSize: theme.fontSizes.sm }));

const StyledHint = styled.span(({ theme }) => ({ color: theme.colors.textMuted }));

const StyledFieldsetHint = styled.p(({ theme }) => ({ margin: theme.spacing(0, 0, 2), fontSize: theme.fontSizes.xs, color: theme.colors.textMuted }));

const StyledError = styled.span(({ theme }) => ({ fontSize: theme.fontSizes.sm, color: theme.colors.danger }));

const SCOPES_ERROR_ID = 'create-token-scopes-error';
const PROJECTS_HINT_ID = 'create-token-projects-hint';

/** Shown once a submit failed: shown on leaving a checkbox, it would move the button a click is landing on. */
function ScopesError() {
  const { meta } = useField('scopes', { subscription: { error: true, touched: true, submitFailed: true, submitError: true, dirtySinceLastSubmit: true } });
  const error = meta.submitFailed ? fieldError(meta) : undefined;
  return error ? (
    <StyledError id={SCOPES_ERROR_ID} role="alert">
      {error}
    </StyledError>
  ) : null;
}

/** Name, expiry, scopes and (optionally) projects of a new personal access token. */
export function CreateTokenForm({
  initialValues,
  validate,
  onSubmit,
  projects,
}: Pick<CreateTokenFormController, 'initialValues' | 'validate' | 'onSubmit'> & { projects: ReadonlyArray<{ id: string; name: string }> }) {
  return (
    <Form<CreateTokenValues> onSubmit={onSubmit} initialValues={initialValues} validate={validate} subscription={{ submitting: true, submitError: true }}>
      {({ handleSubmit, submitting, submitError }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Create an access token">
          {submitError && <ErrorBanner message={String(submitError)} />}
          <TextField name="name" label="Token name" autoComplete="off" hint="What it is for, e.g. the CI pipeline that uses it." />
          <SelectField name="expiresInDays" label="Expires in" options={EXPIRY_OPTIONS} />
          <StyledFieldset aria-describedby={SCOPES_ERROR_ID}>
            <StyledLegend>Scopes</StyledLegend>
            {SCOPE_OPTIONS.map((scope) => (
              <StyledChoice key={scope.value}>
                <Field<string> name="scopes" type="checkbox" value={scope.value}>
                  {({ input }) => <input {...input} />}
                </Field>
                <span>
                  {scope.label} <StyledHint>— {scope.hint}</StyledHint>
                </span>
              </StyledChoice>
            ))}
            <ScopesError />
          </StyledFieldset>
          {projects.length > 0 && (
            <StyledFieldset aria-describedby={PROJECTS_HINT_ID}>
              <StyledLegend>Limit to projects</StyledLegend>
              <StyledFieldsetHint id={PROJECTS_HINT_ID}>None chosen: the token reaches every project of yours, including new ones.</StyledFieldsetHint>
              {projects.map((project) => (
                <StyledChoice key={project.id}>
                  <Field<string> name="projectIds" type="checkbox" value={project.id}>
                    {({ input }) => <input {...input} />}
                  </Field>
                  <span>{project.name}</span>
                </StyledChoice>
              ))}
            </StyledFieldset>
          )}
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Creating...' : 'Create token'}
          </Button>
        </form>
      )}
    </Form>
  );
}
