import styled from '@emotion/styled';
import { Field, Form, useField } from 'react-final-form';
import { Button } from '../../../ui/Button';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { fieldError } from '../../../ui/fields/FieldShell';
import { SelectField } from '../../../ui/fields/SelectField';
import { TextField } from '../../../ui/fields/TextField';
import { type ChannelValues, EVENT_OPTIONS, KIND_OPTIONS, type RuleValues, type useCreateChannelForm, type useCreateRuleForm } from '../hooks/useNotificationForms';

const StyledFieldset = styled.fieldset(({ theme }) => ({ border: 'none', padding: 0, margin: theme.spacing(0, 0, 4) }));
const StyledLegend = styled.legend(({ theme }) => ({ fontSize: theme.fontSizes.sm, fontWeight: theme.fontWeights.medium, marginBottom: theme.spacing(2) }));
const StyledChoice = styled.label(({ theme }) => ({ display: 'flex', alignItems: 'baseline', gap: theme.spacing(2), marginBottom: theme.spacing(1.5), fontSize: theme.fontSizes.sm }));
const StyledError = styled.span(({ theme }) => ({ fontSize: theme.fontSizes.sm, color: theme.colors.danger }));

const EVENTS_ERROR_ID = 'notification-rule-events-error';

/** Shown once a submit failed, as the token form's scopes error. */
function EventsError() {
  const { meta } = useField('events', { subscription: { error: true, touched: true, submitFailed: true, submitError: true, dirtySinceLastSubmit: true } });
  const error = meta.submitFailed ? fieldError(meta) : undefined;
  return error ? (
    <StyledError id={EVENTS_ERROR_ID} role="alert">
      {error}
    </StyledError>
  ) : null;
}

/** Name, kind, and the webhook URL or email address of a new channel. */
export function ChannelForm({ initialValues, validate, onSubmit }: Pick<ReturnType<typeof useCreateChannelForm>, 'initialValues' | 'validate' | 'onSubmit'>) {
  return (
    <Form<ChannelValues> onSubmit={onSubmit} initialValues={initialValues} validate={validate} subscription={{ submitting: true, submitError: true, values: true }}>
      {({ handleSubmit, submitting, submitError, values }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Add a notification channel">
          {submitError && <ErrorBanner message={String(submitError)} />}
          <TextField name="name" label="Channel name" autoComplete="off" hint="e.g. Team chat, On-call email." />
          <SelectField name="kind" label="Kind" options={KIND_OPTIONS} />
          {values.kind === 'webhook' ? (
            <TextField name="url" label="Webhook URL" type="url" autoComplete="off" hint="Public http(s) URL; private and loopback addresses are refused." />
          ) : (
            <TextField name="email" label="Email address" type="email" autoComplete="email" />
          )}
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Adding...' : 'Add channel'}
          </Button>
        </form>
      )}
    </Form>
  );
}

/** Channel, project (or all) and events of a new rule. */
export function RuleForm({
  initialValues,
  validate,
  onSubmit,
  channels,
  projects,
}: ReturnType<typeof useCreateRuleForm> & { channels: ReadonlyArray<{ id: string; name: string }>; projects: ReadonlyArray<{ id: string; name: string }> }) {
  return (
    <Form<RuleValues> onSubmit={onSubmit} initialValues={initialValues} validate={validate} subscription={{ submitting: true, submitError: true }}>
      {({ handleSubmit, submitting, submitError }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Add a notification rule">
          {submitError && <ErrorBanner message={String(submitError)} />}
          <SelectField name="channelId" label="Send to" options={channels.map((channel) => ({ value: channel.id, label: channel.name }))} />
          <SelectField name="projectId" label="Project" options={[{ value: '', label: 'All my projects' }, ...projects.map((project) => ({ value: project.id, label: project.name }))]} />
          <StyledFieldset aria-describedby={EVENTS_ERROR_ID}>
            <StyledLegend>Events</StyledLegend>
            {EVENT_OPTIONS.map((event) => (
              <StyledChoice key={event.value}>
                <Field<string> name="events" type="checkbox" value={event.value}>
                  {({ input }) => <input {...input} />}
                </Field>
                <span>{event.label}</span>
              </StyledChoice>
            ))}
            <EventsError />
          </StyledFieldset>
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Adding...' : 'Add rule'}
          </Button>
        </form>
      )}
    </Form>
  );
}
