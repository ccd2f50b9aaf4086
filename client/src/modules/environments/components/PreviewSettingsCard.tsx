import styled from '@emotion/styled';
import { useId } from 'react';
import { apiErrorMessage } from '../../../app/apollo/error-message';
import { ProjectPreviewSettingsDocument } from '../../../generated/graphql';
import { useProjectPreviewSettingsQuery, useUpdatePreviewSettingsMutation } from '../../../generated/hooks';
import { Card, CardTitle } from '../../../ui/Card';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { controlStyles } from '../../../ui/fields/FieldShell';

const StyledRow = styled.label(({ theme }) => ({ display: 'flex', alignItems: 'center', gap: theme.spacing(2), fontSize: theme.fontSizes.sm, marginBottom: theme.spacing(3) }));

const StyledSelect = styled.select(({ theme }) => ({ ...controlStyles({ theme, invalid: false }), width: 'auto' }));

/** The idle times offered, in minutes (null: never). */
const IDLE_CHOICES: Array<{ label: string; minutes: number | null }> = [
  { label: 'Never', minutes: null },
  { label: '30 minutes', minutes: 30 },
  { label: '1 hour', minutes: 60 },
  { label: '1 day', minutes: 1440 },
  { label: '7 days', minutes: 10_080 },
];

/** Whether a pushed branch that no environment takes gets a preview, and how long an idle preview stays. */
export function PreviewSettingsCard({ projectId }: { projectId: string }) {
  const titleId = useId();
  const { data } = useProjectPreviewSettingsQuery({ variables: { projectId } });
  const [update, { loading, error }] = useUpdatePreviewSettingsMutation({
    refetchQueries: [{ query: ProjectPreviewSettingsDocument, variables: { projectId } }],
  });
  const settings = data?.previewSettings;
  if (!settings) return null;
  const save = (input: { enabled?: boolean; idleMinutes?: number | null }) => void update({ variables: { projectId, input } }).catch(() => undefined);
  const choices = IDLE_CHOICES.some((choice) => choice.minutes === settings.idleMinutes)
    ? IDLE_CHOICES
    : [...IDLE_CHOICES, { label: `${settings.idleMinutes} minutes`, minutes: settings.idleMinutes }];
  return (
    <Card aria-labelledby={titleId}>
      <CardTitle id={titleId}>Previews</CardTitle>
      {error && <ErrorBanner message={apiErrorMessage(error, 'Failed to save the preview settings')} />}
      <StyledRow>
        <input type="checkbox" checked={settings.enabled} disabled={loading} onChange={(event) => save({ enabled: event.target.checked })} />
        Make a preview for each pushed branch that no environment takes
      </StyledRow>
      <StyledRow>
        Remove a preview idle for
        <StyledSelect
          value={String(settings.idleMinutes ?? '')}
          disabled={loading}
          onChange={(event) => save({ idleMinutes: event.target.value === '' ? null : Number(event.target.value) })}
        >
          {choices.map((choice) => (
            <option key={choice.label} value={String(choice.minutes ?? '')}>
              {choice.label}
            </option>
          ))}
        </StyledSelect>
      </StyledRow>
    </Card>
  );
}
