import styled from '@emotion/styled';
import { Link } from 'react-router-dom';
import type { ProjectCardFragment } from '../../../../generated/graphql';
import { Badge } from '../../../../ui/Badge';
import { STATUS_LABELS, STATUS_TONES, projectPath, showsLiveBadge } from '../detail/project-format';

/** Spec section 9: a card shows at most 3 tags, then '+N more'. */
export const MAX_CARD_TAGS = 3;

const StyledCard = styled(Link)(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(3),
  height: '100%',
  padding: theme.spacing(5),
  color: theme.colors.text,
  textDecoration: 'none',
  background: theme.colors.surface,
  border: `1px solid ${theme.colors.border}`,
  borderRadius: theme.radii.lg,
  boxShadow: theme.shadows.card,
  transition: `border-color ${theme.transitions.fast}`,
  '&:hover': { borderColor: theme.colors.primary },
  '&:focus-visible': { outline: `2px solid ${theme.colors.focus}`, outlineOffset: 2 },
}));

const StyledHeader = styled.div(({ theme }) => ({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: theme.spacing(2),
}));

const StyledName = styled.h2(({ theme }) => ({
  fontSize: theme.fontSizes.lg,
  fontWeight: theme.fontWeights.bold,
  overflowWrap: 'anywhere',
}));

const StyledBadges = styled.div(({ theme }) => ({ display: 'flex', flexShrink: 0, gap: theme.spacing(1.5) }));

const StyledDescription = styled.p(({ theme }) => ({
  flex: 1,
  margin: 0,
  fontSize: theme.fontSizes.sm,
  color: theme.colors.textMuted,
  overflowWrap: 'anywhere',
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
}));

const StyledTags = styled.ul(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  gap: theme.spacing(1.5),
  margin: 0,
  padding: 0,
  listStyle: 'none',
}));

const StyledFooter = styled.p(({ theme }) => ({ margin: 0, fontSize: theme.fontSizes.xs, color: theme.colors.textMuted }));

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/**
 * One project in the grid; the whole card opens the project. A project whose deletion run is going says
 * 'Being deleted' (as its page's header does) instead of Live: its app is stopping.
 */
export function ProjectCard({ project }: { project: ProjectCardFragment }) {
  const shownTags = project.tags.slice(0, MAX_CARD_TAGS);
  const hiddenTags = project.tags.length - shownTags.length;
  return (
    <StyledCard to={projectPath(project.id)} data-testid="project-card">
      <StyledHeader>
        <StyledName>{project.name}</StyledName>
        <StyledBadges>
          {project.beingDeleted && <Badge tone="warning">Being deleted</Badge>}
          {!project.beingDeleted && showsLiveBadge(project) && <Badge tone="info">Live</Badge>}
          <Badge tone={STATUS_TONES[project.status]}>{STATUS_LABELS[project.status]}</Badge>
        </StyledBadges>
      </StyledHeader>
      <StyledDescription>{project.description || 'No description'}</StyledDescription>
      {project.tags.length > 0 && (
        <StyledTags aria-label="Tags">
          {shownTags.map((tag) => (
            <li key={tag}>
              <Badge>{tag}</Badge>
            </li>
          ))}
          {hiddenTags > 0 && (
            <li>
              <Badge>+{hiddenTags} more</Badge>
            </li>
          )}
        </StyledTags>
      )}
      <StyledFooter>
        {project.version ? `${project.version} · ` : ''}Updated {formatDate(project.updatedAt)}
      </StyledFooter>
    </StyledCard>
  );
}
