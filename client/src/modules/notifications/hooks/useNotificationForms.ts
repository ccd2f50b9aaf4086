import type { FormApi, SubmissionErrors } from 'final-form';
import { useMemo, useState } from 'react';
import { serverSubmissionErrors } from '../../../app/errors/server-field-errors';
import { NotificationsDocument, NotificationDeliveriesDocument, type NotificationChannelKind, type NotificationEventKind } from '../../../generated/graphql';
import { useCreateNotificationChannelMutation, useCreateNotificationRuleMutation } from '../../../generated/hooks';

export interface ChannelValues {
  name: string;
  kind: NotificationChannelKind;
  url: string;
  email: string;
}

export interface RuleValues {
  channelId: string;
  /** '' for every project. */
  projectId: string;
  events: NotificationEventKind[];
}

export const EVENT_OPTIONS: ReadonlyArray<{ value: NotificationEventKind; label: string }> = [
  { value: 'pipeline_failed', label: 'Failed pipeline' },
  { value: 'deployment_failed', label: 'Failed or rolled-back deployment' },
  { value: 'app_unhealthy', label: 'App crashing or unhealthy' },
  { value: 'production_deployed', label: 'Successful production deploy' },
];

export const KIND_OPTIONS = [
  { value: 'webhook', label: 'Webhook (signed JSON POST)' },
  { value: 'email', label: 'Email' },
] as const;

const channelInitial: ChannelValues = { name: '', kind: 'webhook', url: '', email: '' };

/** A new webhook's secret, shown once. */
export interface CreatedSecret {
  channelName: string;
  secret: string;
}

function validateChannel(values: ChannelValues) {
  const errors: Partial<Record<keyof ChannelValues, string>> = {};
  if (!values.name?.trim()) errors.name = 'Name is required';
  if (values.kind === 'webhook' && !values.url?.trim()) errors.url = 'Webhook URL is required';
  if (values.kind === 'email' && !values.email?.trim()) errors.email = 'Email is required';
  return errors;
}

/** Adds a channel; a webhook's secret stays in this hook's state until dismissed. */
export function useCreateChannelForm() {
  const [create] = useCreateNotificationChannelMutation();
  const [created, setCreated] = useState<CreatedSecret | null>(null);
  const onSubmit = async (values: ChannelValues, form: FormApi<ChannelValues>): Promise<SubmissionErrors | undefined> => {
    try {
      const input = { name: values.name.trim(), kind: values.kind, ...(values.kind === 'webhook' ? { url: values.url.trim() } : { email: values.email.trim() }) };
      const { data } = await create({ variables: { input }, refetchQueries: [NotificationsDocument], awaitRefetchQueries: true });
      const secret = data?.createNotificationChannel.secret;
      if (secret) setCreated({ channelName: data.createNotificationChannel.channel.name, secret });
      setTimeout(() => form.restart(channelInitial));
      return undefined;
    } catch (error) {
      return serverSubmissionErrors(error, ['name', 'kind', 'url', 'email'], 'Failed to add the channel');
    }
  };
  return { initialValues: channelInitial, validate: validateChannel, onSubmit, created, dismissCreated: () => setCreated(null) };
}

function validateRule(values: RuleValues) {
  const errors: Partial<Record<keyof RuleValues, string>> = {};
  if (!values.channelId) errors.channelId = 'Choose a channel';
  if (!values.events?.length) errors.events = 'Choose at least one event';
  return errors;
}

/** Adds a rule: these events, of one project or all, go to a channel. */
export function useCreateRuleForm(firstChannelId: string) {
  const [create] = useCreateNotificationRuleMutation();
  // One object per channel: a new one each render would make the form start again, dropping what was just ticked.
  const initialValues = useMemo<RuleValues>(() => ({ channelId: firstChannelId, projectId: '', events: ['deployment_failed'] }), [firstChannelId]);
  const onSubmit = async (values: RuleValues, form: FormApi<RuleValues>): Promise<SubmissionErrors | undefined> => {
    try {
      await create({
        variables: { input: { channelId: values.channelId, projectId: values.projectId || null, events: values.events } },
        refetchQueries: [NotificationsDocument, NotificationDeliveriesDocument],
        awaitRefetchQueries: true,
      });
      setTimeout(() => form.restart(initialValues));
      return undefined;
    } catch (error) {
      return serverSubmissionErrors(error, ['channelId', 'projectId', 'events'], 'Failed to add the rule');
    }
  };
  return { initialValues, validate: validateRule, onSubmit };
}
