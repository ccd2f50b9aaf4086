import styled from '@emotion/styled';
import { useEffect, useRef, useState } from 'react';
import { apiErrorMessage } from '../../../app/apollo/error-message';
import type { NotificationDeliveryStatus } from '../../../generated/graphql';
import { NotificationDeliveriesDocument, NotificationsDocument } from '../../../generated/graphql';
import {
  useDeleteNotificationChannelMutation,
  useDeleteNotificationRuleMutation,
  useNotificationDeliveriesQuery,
  useNotificationsQuery,
  useTestNotificationChannelMutation,
  useTokenProjectsQuery,
} from '../../../generated/hooks';
import { Badge, type BadgeTone } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Card, CardTitle } from '../../../ui/Card';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { LoadingText } from '../../../ui/Loading';
import { Table } from '../../../ui/Table';
import { formatDateTime } from '../../projects/components/detail/project-format';
import { EVENT_OPTIONS, useCreateChannelForm, useCreateRuleForm, type CreatedSecret } from '../hooks/useNotificationForms';
import { ChannelForm, RuleForm } from './NotificationForms';

const StyledText = styled.p(({ theme }) => ({ margin: theme.spacing(0, 0, 4), color: theme.colors.textMuted, fontSize: theme.fontSizes.sm }));
const StyledSubheading = styled.h3(({ theme }) => ({ margin: theme.spacing(5, 0, 3), fontSize: theme.fontSizes.md }));
const StyledStatus = styled.p(({ theme }) => ({ color: theme.colors.success, fontSize: theme.fontSizes.sm }));
const StyledActions = styled.div(({ theme }) => ({ display: 'flex', gap: theme.spacing(2) }));
const StyledNotice = styled.section(({ theme }) => ({
  padding: theme.spacing(4),
  marginBottom: theme.spacing(4),
  border: `1px solid ${theme.colors.success}`,
  borderRadius: theme.radii.md,
  background: theme.colors.surfaceMuted,
}));
const StyledSecret = styled.input(({ theme }) => ({
  width: '100%',
  padding: theme.spacing(2, 3),
  fontFamily: theme.fonts.mono,
  color: theme.colors.text,
  background: theme.colors.surface,
  border: `1px solid ${theme.colors.border}`,
  borderRadius: theme.radii.md,
}));

const STATUS: Record<NotificationDeliveryStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'neutral' },
  retrying: { label: 'Retrying', tone: 'warning' },
  delivered: { label: 'Delivered', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

const eventLabel = (event: string) => EVENT_OPTIONS.find((option) => option.value === event)?.label ?? (event === 'test' ? 'Test' : event);

/** A new webhook's signing secret, once; focus moves to it so a screen reader announces it. */
function NewSecretNotice({ created, onDone }: { created: CreatedSecret; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [created]);
  return (
    <StyledNotice aria-labelledby="new-webhook-secret-heading">
      <h3 id="new-webhook-secret-heading" ref={heading} tabIndex={-1}>
        Webhook “{created.channelName}” added
      </h3>
      <p>
        Copy its signing secret now: it will not be shown again. Each delivery carries X-Slipway-Signature-256: sha256=HMAC-SHA256 of the body with this secret.
      </p>
      <label htmlFor="new-webhook-secret">Signing secret</label>
      <StyledSecret id="new-webhook-secret" readOnly value={created.secret} onFocus={(event) => event.currentTarget.select()} />
      <Button variant="ghost" size="sm" onClick={onDone}>
        Done
      </Button>
    </StyledNotice>
  );
}

/** Settings' notifications: channels (signed webhooks, email) with Send test, rules, and the latest deliveries. */
export function NotificationsSection() {
  const { data, loading, error, refetch } = useNotificationsQuery({ notifyOnNetworkStatusChange: true });
  // Deliveries change as jobs run: polled while the section is open.
  const deliveries = useNotificationDeliveriesQuery({ pollInterval: 3000 });
  const { data: projectChoices } = useTokenProjectsQuery();
  const channelForm = useCreateChannelForm();
  const channels = data?.notificationChannels ?? [];
  const ruleForm = useCreateRuleForm(channels[0]?.id ?? '');
  const [deleteChannel] = useDeleteNotificationChannelMutation();
  const [deleteRule] = useDeleteNotificationRuleMutation();
  const [sendTest] = useTestNotificationChannelMutation();
  const [actionError, setActionError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const projects = projectChoices?.projects.projects ?? [];
  const channelName = (id: string) => channels.find((channel) => channel.id === id)?.name ?? 'Removed channel';
  const projectName = (id: string | null | undefined) => (id ? (projects.find((project) => project.id === id)?.name ?? 'A project') : 'All my projects');

  const act = async (work: () => Promise<unknown>, message: string, failure: string) => {
    setActionError(null);
    setDone(null);
    try {
      await work();
      setDone(message);
    } catch (caught) {
      setActionError(apiErrorMessage(caught, failure));
    }
  };
  const refetchAll = { refetchQueries: [NotificationsDocument, NotificationDeliveriesDocument], awaitRefetchQueries: true };

  return (
    <Card aria-label="Notifications">
      <CardTitle>Notifications</CardTitle>
      <StyledText>
        Be told when a pipeline fails, a deployment fails or is rolled back, an app keeps crashing or turns unhealthy, or a production deploy succeeds: by
        signed webhook or by email.
      </StyledText>
      {loading && <LoadingText>Loading notifications...</LoadingText>}
      {!loading && error && <ErrorBanner message={apiErrorMessage(error, 'Failed to load notifications')} onRetry={() => void refetch().catch(() => undefined)} />}
      {actionError && <ErrorBanner message={actionError} onDismiss={() => setActionError(null)} />}
      <div role="status">{done && <StyledStatus>{done}</StyledStatus>}</div>

      <StyledSubheading>Channels</StyledSubheading>
      {channelForm.created && <NewSecretNotice created={channelForm.created} onDone={channelForm.dismissCreated} />}
      <ChannelForm initialValues={channelForm.initialValues} validate={channelForm.validate} onSubmit={channelForm.onSubmit} />
      {data && !channels.length && <p>No channels yet.</p>}
      {channels.length > 0 && (
        <Table caption="Your notification channels" hideCaption columns={['Name', 'Kind', 'Sends to', 'Actions']}>
          {channels.map((channel) => (
            <tr key={channel.id}>
              <th scope="row">{channel.name}</th>
              <td>{channel.kind === 'webhook' ? 'Webhook' : 'Email'}</td>
              <td>{channel.url ?? channel.email}</td>
              <td>
                <StyledActions>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Send test to ${channel.name}`}
                    onClick={() => void act(() => sendTest({ variables: { id: channel.id }, ...refetchAll }), `Test sent to ${channel.name}: see its delivery below.`, 'Failed to send the test')}
                  >
                    Send test
                  </Button>
                  <Button
                    variant="danger"
                    size="sm"
                    aria-label={`Delete ${channel.name}`}
                    onClick={() => void act(() => deleteChannel({ variables: { id: channel.id }, ...refetchAll }), `Channel ${channel.name} deleted.`, 'Failed to delete the channel')}
                  >
                    Delete
                  </Button>
                </StyledActions>
              </td>
            </tr>
          ))}
        </Table>
      )}

      <StyledSubheading>Rules</StyledSubheading>
      {channels.length > 0 ? (
        <RuleForm key={channels[0].id} {...ruleForm} channels={channels} projects={projects} />
      ) : (
        <StyledText>Add a channel first; rules say which events go to it.</StyledText>
      )}
      {data && data.notificationRules.length > 0 && (
        <Table caption="Your notification rules" hideCaption columns={['Events', 'Project', 'Channel', 'Actions']}>
          {data.notificationRules.map((rule) => (
            <tr key={rule.id}>
              <th scope="row">{rule.events.map(eventLabel).join(', ')}</th>
              <td>{projectName(rule.projectId)}</td>
              <td>{channelName(rule.channelId)}</td>
              <td>
                <Button
                  variant="danger"
                  size="sm"
                  aria-label={`Delete rule for ${channelName(rule.channelId)}`}
                  onClick={() => void act(() => deleteRule({ variables: { id: rule.id }, ...refetchAll }), 'Rule deleted.', 'Failed to delete the rule')}
                >
                  Delete
                </Button>
              </td>
            </tr>
          ))}
        </Table>
      )}

      <StyledSubheading>Latest deliveries</StyledSubheading>
      {deliveries.error && <ErrorBanner message={apiErrorMessage(deliveries.error, 'Failed to load deliveries')} />}
      {deliveries.data && !deliveries.data.notificationDeliveries.length && <p>No deliveries yet.</p>}
      {deliveries.data && deliveries.data.notificationDeliveries.length > 0 && (
        <Table caption="Latest notification deliveries" hideCaption columns={['Event', 'Channel', 'Status', 'Answer', 'Attempts', 'Time']}>
          {deliveries.data.notificationDeliveries.map((delivery) => (
            <tr key={delivery.id}>
              <th scope="row">
                {eventLabel(delivery.event)}: {delivery.summary}
              </th>
              <td>{channelName(delivery.channelId)}</td>
              <td>
                <Badge tone={STATUS[delivery.status].tone}>{STATUS[delivery.status].label}</Badge>
              </td>
              <td>
                {delivery.responseStatus ?? '—'}
                {delivery.error ? ` (${delivery.error})` : ''}
              </td>
              <td>{delivery.attempts}</td>
              <td>
                {formatDateTime(delivery.attemptedAt ?? delivery.createdAt)}
                {delivery.durationMs !== null && delivery.durationMs !== undefined ? `, ${delivery.durationMs} ms` : ''}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </Card>
  );
}
