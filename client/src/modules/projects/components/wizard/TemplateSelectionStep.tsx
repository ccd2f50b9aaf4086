import styled from '@emotion/styled';
import { useApolloClient } from '@apollo/client/react';
import { useId, useState } from 'react';
import { apiErrorMessage } from '../../../../app/apollo/error-message';
import { useTemplatesQuery } from '../../../../generated/hooks';
import { Badge } from '../../../../ui/Badge';
import { Button } from '../../../../ui/Button';
import { ErrorBanner } from '../../../../ui/ErrorBanner';
import { controlStyles } from '../../../../ui/fields/FieldShell';
import { LoadingText } from '../../../../ui/Loading';
import {
  StyledChoiceCard,
  StyledChoiceDescription,
  StyledChoiceHeader,
  StyledChoiceName,
  TemplateCard,
} from '../../../templates/components/TemplateCard';
import { TEMPLATE_SEARCH_THRESHOLD, missingToolchainWarning, searchTemplates } from '../../../templates/template-display';
import { hasTemplateChoice, type WizardData, type WizardTemplate } from './wizard-data';
import {
  StyledStateActions,
  StyledStatePanel,
  StyledStateText,
  StyledStateTitle,
  StyledStepActions,
  StyledStepIntro,
  StyledStepTitle,
} from './wizard-layout';

const StyledSearch = styled.div(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(1.5),
  marginBottom: theme.spacing(4),
}));

const StyledSearchLabel = styled.label(({ theme }) => ({ fontSize: theme.fontSizes.sm, fontWeight: theme.fontWeights.medium }));

const StyledSearchInput = styled('input')(({ theme }) => controlStyles({ theme, invalid: false }));

const StyledGrid = styled.div(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
  gap: theme.spacing(3),
}));

const StyledBlankChoice = styled.div(({ theme }) => ({ marginTop: theme.spacing(5) }));

const StyledWarning = styled.div(({ theme }) => ({ marginTop: theme.spacing(4) }));

const StyledBlankHeading = styled.h3(({ theme }) => ({
  marginBottom: theme.spacing(2),
  fontSize: theme.fontSizes.sm,
  fontWeight: theme.fontWeights.medium,
  color: theme.colors.textMuted,
}));

export interface TemplateSelectionStepProps {
  data: Pick<WizardData, 'selectedTemplate' | 'blankProject'>;
  onSelectTemplate: (template: WizardTemplate) => void;
  onSelectBlank: () => void;
  onBack: () => void;
  onContinue: () => void;
}

/**
 * Step 2: the template catalog as cards (searchable above 3 templates), or a blank project. Continue reads
 * 'Select a Template' and stays disabled until a choice is made. A template needing a toolchain this server lacks
 * says so on its card, and once chosen, how to install it.
 */
export function TemplateSelectionStep({ data, onSelectTemplate, onSelectBlank, onBack, onContinue }: TemplateSelectionStepProps) {
  const searchId = useId();
  const client = useApolloClient();
  const { data: result, loading, error, refetch } = useTemplatesQuery({ notifyOnNetworkStatusChange: true });
  const [search, setSearch] = useState('');
  const templates = result?.templates ?? [];
  const matches = searchTemplates(templates, search);
  const chosen = hasTemplateChoice(data);
  const warning = data.selectedTemplate && missingToolchainWarning(data.selectedTemplate);

  const retry = () => void refetch().catch(() => undefined);
  /** Drops the cached catalog first, so nothing stale shows while the server answers again. */
  const reload = () => {
    client.cache.evict({ fieldName: 'templates' });
    client.cache.gc();
    retry();
  };

  let catalog;
  if (loading) catalog = <LoadingText>Loading templates...</LoadingText>;
  else if (error) {
    catalog = (
      <StyledStatePanel role="alert">
        <StyledStateTitle>Failed to Load Templates</StyledStateTitle>
        <StyledStateText>{apiErrorMessage(error, 'Failed to Load Templates')}</StyledStateText>
        <StyledStateActions>
          <Button onClick={retry}>Try Again</Button>
          <Button variant="secondary" onClick={reload}>
            Reload Templates
          </Button>
        </StyledStateActions>
      </StyledStatePanel>
    );
  } else if (templates.length === 0) {
    catalog = (
      <StyledStatePanel>
        <StyledStateTitle>No Templates Available</StyledStateTitle>
        <StyledStateText>No templates are configured.</StyledStateText>
        <StyledStateActions>
          <Button variant="secondary" onClick={retry}>
            Retry Loading Templates
          </Button>
        </StyledStateActions>
      </StyledStatePanel>
    );
  } else {
    catalog = (
      <>
        {templates.length > TEMPLATE_SEARCH_THRESHOLD && (
          <StyledSearch>
            <StyledSearchLabel htmlFor={searchId}>Search templates</StyledSearchLabel>
            <StyledSearchInput
              id={searchId}
              type="search"
              placeholder="Search by name, description or type..."
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </StyledSearch>
        )}
        {matches.length === 0 ? (
          <StyledStatePanel>
            <StyledStateTitle>No Templates Found</StyledStateTitle>
            <StyledStateText>No templates match your search.</StyledStateText>
            <StyledStateActions>
              <Button variant="secondary" onClick={() => setSearch('')}>
                Clear Search
              </Button>
            </StyledStateActions>
          </StyledStatePanel>
        ) : (
          <StyledGrid role="group" aria-label="Templates">
            {matches.map((template) => (
              <TemplateCard
                key={template.name}
                template={template}
                selected={data.selectedTemplate?.name === template.name}
                onSelect={onSelectTemplate}
              />
            ))}
          </StyledGrid>
        )}
      </>
    );
  }

  return (
    <section aria-label="Template selection">
      <StyledStepTitle>Template Selection</StyledStepTitle>
      <StyledStepIntro>Start from a template, or from a blank project.</StyledStepIntro>
      {catalog}
      {warning && (
        <StyledWarning>
          <ErrorBanner variant="warning" title={warning.title} message={warning.message} />
        </StyledWarning>
      )}
      {!loading && (
        <StyledBlankChoice>
          <StyledBlankHeading>Or start from scratch</StyledBlankHeading>
          <StyledChoiceCard
            type="button"
            selected={data.blankProject}
            aria-pressed={data.blankProject}
            data-testid="template-blank"
            onClick={onSelectBlank}
          >
            <StyledChoiceHeader>
              <StyledChoiceName>Blank project</StyledChoiceName>
              <Badge>No template</Badge>
            </StyledChoiceHeader>
            <StyledChoiceDescription>An empty project: no template files and no environment variables.</StyledChoiceDescription>
          </StyledChoiceCard>
        </StyledBlankChoice>
      )}
      <StyledStepActions>
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onContinue} disabled={!chosen}>
          {chosen ? 'Continue' : 'Select a Template'}
        </Button>
      </StyledStepActions>
    </section>
  );
}
