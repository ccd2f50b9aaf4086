import styled from '@emotion/styled';
import { Badge } from '../../../../ui/Badge';
import { Button } from '../../../../ui/Button';
import { ErrorBanner } from '../../../../ui/ErrorBanner';
import { missingToolchainWarning, templateTypeLabel } from '../../../templates/template-display';
import { isSensitiveName, maskValue } from '@slipway/domain';
import { nonBlankVariables, type WizardData } from './wizard-data';
import { StyledStepActions, StyledStepIntro, StyledStepTitle } from './wizard-layout';

const StyledSection = styled.section(({ theme }) => ({
  padding: theme.spacing(4, 0),
  borderBottom: `1px solid ${theme.colors.border}`,
  '&:first-of-type': { paddingTop: 0 },
  '&:last-of-type': { borderBottom: 'none' },
}));

const StyledSectionTitle = styled.h3(({ theme }) => ({
  marginBottom: theme.spacing(2),
  fontSize: theme.fontSizes.sm,
  fontWeight: theme.fontWeights.bold,
  color: theme.colors.textMuted,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
}));

const StyledLine = styled.p(({ theme }) => ({ margin: theme.spacing(0, 0, 1.5), overflowWrap: 'anywhere' }));

const StyledMuted = styled.span(({ theme }) => ({ color: theme.colors.textMuted }));

const StyledTags = styled.ul(({ theme }) => ({
  display: 'inline-flex',
  verticalAlign: 'middle',
  flexWrap: 'wrap',
  gap: theme.spacing(1.5),
  margin: 0,
  padding: 0,
  listStyle: 'none',
}));

const StyledVariables = styled.dl(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: theme.spacing(1.5, 4),
  margin: 0,
  fontFamily: theme.fonts.mono,
  fontSize: theme.fontSizes.sm,
  dd: { margin: 0, overflowWrap: 'anywhere' },
}));

const StyledVariableRow = styled.div({ display: 'contents' });

const StyledBannerSlot = styled.div(({ theme }) => ({ marginTop: theme.spacing(4) }));

export interface ReviewStepProps {
  data: WizardData;
  creating: boolean;
  creationError: string | null;
  onDismissError: () => void;
  onBack: () => void;
  onCreate: () => void;
}

/** Step 4: everything entered, with only non-blank variables and sensitive values masked (never revealed here). */
export function ReviewStep({ data, creating, creationError, onDismissError, onBack, onCreate }: ReviewStepProps) {
  const variables = nonBlankVariables(data.environmentVariables);
  const warning = data.selectedTemplate && missingToolchainWarning(data.selectedTemplate);
  return (
    <section aria-label="Review and create">
      <StyledStepTitle>Review & Create</StyledStepTitle>
      <StyledStepIntro>Check the details below, then create your project.</StyledStepIntro>

      <StyledSection aria-label="Project">
        <StyledSectionTitle>Project</StyledSectionTitle>
        <StyledLine>
          Name: {data.name}
        </StyledLine>
        <StyledLine>
          Description: {data.description || <StyledMuted>No description</StyledMuted>}
        </StyledLine>
        <StyledLine as="div">
          Tags:{' '}
          {data.tags.length ? (
            <StyledTags aria-label="Tags">
              {data.tags.map((tag) => (
                <li key={tag}>
                  <Badge tone="info">{tag}</Badge>
                </li>
              ))}
            </StyledTags>
          ) : (
            <StyledMuted>No tags</StyledMuted>
          )}
        </StyledLine>
      </StyledSection>

      <StyledSection aria-label="Template">
        <StyledSectionTitle>Template</StyledSectionTitle>
        <StyledLine>
          {data.selectedTemplate ? (
            <>
              Template: {data.selectedTemplate.name}{' '}
              <Badge tone="info">{templateTypeLabel(data.selectedTemplate.type)}</Badge>
            </>
          ) : (
            'Template: None (blank project)'
          )}
        </StyledLine>
        {warning && <ErrorBanner variant="warning" title={warning.title} message={warning.message} />}
      </StyledSection>

      <StyledSection aria-label="Environment variables">
        <StyledSectionTitle>Environment Variables</StyledSectionTitle>
        {variables.length ? (
          <StyledVariables>
            {variables.map(({ name, value }) => (
              <StyledVariableRow key={name}>
                <dt>{name}</dt>
                <dd>{isSensitiveName(name) ? maskValue(value) : value}</dd>
              </StyledVariableRow>
            ))}
          </StyledVariables>
        ) : (
          <StyledMuted>No environment variables</StyledMuted>
        )}
      </StyledSection>

      {creationError && (
        <StyledBannerSlot>
          <ErrorBanner title="Creation Failed" message={creationError} onDismiss={onDismissError} />
        </StyledBannerSlot>
      )}

      <StyledStepActions>
        <Button variant="secondary" onClick={onBack} disabled={creating}>
          Back
        </Button>
        <Button onClick={onCreate} disabled={creating}>
          {creating ? 'Creating...' : 'Create Project'}
        </Button>
      </StyledStepActions>
    </section>
  );
}
