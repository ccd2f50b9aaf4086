import styled from '@emotion/styled';
import type { TemplateCardFragment } from '../../../generated/graphql';
import { Badge } from '../../../ui/Badge';
import { missingToolchainNote, templateTypeLabel, variableCountText } from '../template-display';

export const StyledChoiceCard = styled('button', { shouldForwardProp: (prop) => prop !== 'selected' })<{ selected: boolean }>(
  ({ theme, selected }) => ({
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'stretch',
    gap: theme.spacing(2),
    width: '100%',
    padding: theme.spacing(4),
    textAlign: 'left',
    color: theme.colors.text,
    background: selected ? theme.colors.primarySoft : theme.colors.surface,
    border: `2px solid ${selected ? theme.colors.primary : theme.colors.border}`,
    borderRadius: theme.radii.lg,
    cursor: 'pointer',
    transition: `border-color ${theme.transitions.fast}`,
    '&:hover': { borderColor: theme.colors.primary },
    '&:focus-visible': { outline: `2px solid ${theme.colors.focus}`, outlineOffset: 2 },
  }),
);

export const StyledChoiceHeader = styled.span(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: theme.spacing(2),
}));

export const StyledChoiceName = styled.span(({ theme }) => ({
  fontSize: theme.fontSizes.md,
  fontWeight: theme.fontWeights.bold,
  overflowWrap: 'anywhere',
}));

export const StyledChoiceDescription = styled.span(({ theme }) => ({
  flex: 1,
  fontSize: theme.fontSizes.sm,
  color: theme.colors.textMuted,
}));

const StyledMeta = styled.span(({ theme }) => ({ fontSize: theme.fontSizes.xs, color: theme.colors.textMuted }));

const StyledMissing = styled.span(({ theme }) => ({ fontSize: theme.fontSizes.sm, fontWeight: theme.fontWeights.medium, color: theme.colors.warning }));

export interface TemplateCardProps {
  template: TemplateCardFragment;
  selected: boolean;
  onSelect: (template: TemplateCardFragment) => void;
}

/**
 * One catalog template as a selectable card: name, type badge, description, how much it needs configuring, and
 * the toolchains it needs that this server lacks.
 */
export function TemplateCard({ template, selected, onSelect }: TemplateCardProps) {
  const missing = missingToolchainNote(template);
  return (
    <StyledChoiceCard
      type="button"
      selected={selected}
      aria-pressed={selected}
      data-testid={`template-${template.name}`}
      onClick={() => onSelect(template)}
    >
      <StyledChoiceHeader>
        <StyledChoiceName>{template.name}</StyledChoiceName>
        <Badge tone="info">{templateTypeLabel(template.type)}</Badge>
      </StyledChoiceHeader>
      <StyledChoiceDescription>{template.description}</StyledChoiceDescription>
      <StyledMeta>{variableCountText(template)}</StyledMeta>
      {missing && <StyledMissing>{missing}</StyledMissing>}
    </StyledChoiceCard>
  );
}
