import styled from '@emotion/styled';
import { Link } from 'react-router-dom';
import type { DeploymentCardFragment, PipelineStatusFieldsFragment, ProjectDetailFragment } from '../../../../generated/graphql';
import { DeploymentStatusBadge } from '../../../deployments/components/DeploymentBadges';
import { PipelineStatusBadge } from '../../../pipelines/components/PipelineStatusBadge';
import { isBeingDeleted } from '../../../pipelines/pipeline-view';
import { Badge } from '../../../../ui/Badge';
import { Button } from '../../../../ui/Button';
import { STATUS_LABELS, STATUS_TONES, formatDateTime, projectPath, showsLiveBadge } from './project-format';

const StyledHeader = styled.header(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: theme.spacing(4),
  marginBottom: theme.spacing(6),
}));

const StyledBack = styled(Link)(({ theme }) => ({ fontSize: theme.fontSizes.sm, color: theme.colors.primary }));

const StyledTitleRow = styled.div(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: theme.spacing(3),
  marginTop: theme.spacing(2),
}));

const StyledTitle = styled.h1(({ theme }) => ({ fontSize: theme.fontSizes.xxl, fontWeight: theme.fontWeights.bold, overflowWrap: 'anywhere' }));

const StyledUpdated = styled.p(({ theme }) => ({ margin: theme.spacing(1, 0, 0), color: theme.colors.textMuted, fontSize: theme.fontSizes.sm }));

const StyledActions = styled.div(({ theme }) => ({ display: 'flex', gap: theme.spacing(2) }));

const StyledEditLink = styled(Link)(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  padding: theme.spacing(2, 4),
  color: theme.colors.text,
  background: theme.colors.surface,
  border: `1px solid ${theme.colors.border}`,
  borderRadius: theme.radii.md,
  fontWeight: theme.fontWeights.medium,
  textDecoration: 'none',
  '&:hover': { background: theme.colors.surfaceMuted },
}));

export interface ProjectHeaderProps {
  project: ProjectDetailFragment;
  /** The project's latest pipeline run, for the overall pipeline status badge. */
  pipeline: PipelineStatusFieldsFragment | null;
  /** The active production deployment: its version is the version badge, and its status shows. */
  activeDeployment?: DeploymentCardFragment | null;
  onDelete: () => void;
}

/**
 * Name, status and version badges (the active deployment's version and status; Live when an active project has a
 * version and no active deployment), the overall pipeline status, updated date, Edit and Delete (both off while
 * the project is being deleted).
 */
export function ProjectHeader({ project, pipeline, activeDeployment = null, onDelete }: ProjectHeaderProps) {
  const deleting = isBeingDeleted(pipeline);
  const version = activeDeployment?.version?.versionTag ?? project.version;
  // The project's own status stays, but not in green beside a run that failed or was cancelled.
  const runStopped = pipeline?.overallStatus === 'failed' || pipeline?.overallStatus === 'cancelled';
  return (
    <StyledHeader data-testid="project-header">
      <div>
        <StyledBack to="/dashboard/projects">← Projects</StyledBack>
        <StyledTitleRow>
          <StyledTitle>{project.name}</StyledTitle>
          <Badge tone={runStopped ? 'neutral' : STATUS_TONES[project.status]}>{STATUS_LABELS[project.status]}</Badge>
          {version && <Badge tone="info">{version}</Badge>}
          {activeDeployment && <DeploymentStatusBadge status={activeDeployment.status} prefix="Deployment: " />}
          {showsLiveBadge(project, activeDeployment) && <Badge tone="success">Live</Badge>}
          {pipeline && <PipelineStatusBadge status={pipeline.overallStatus} prefix="Pipeline: " />}
          {deleting && <Badge tone="warning">Being deleted</Badge>}
        </StyledTitleRow>
        <StyledUpdated>Updated {formatDateTime(project.updatedAt)}</StyledUpdated>
      </div>
      <StyledActions>
        {deleting ? (
          <Button variant="secondary" disabled>
            Edit
          </Button>
        ) : (
          <StyledEditLink to={`${projectPath(project.id)}/edit`}>Edit</StyledEditLink>
        )}
        <Button variant="danger" onClick={onDelete} disabled={deleting}>
          Delete
        </Button>
      </StyledActions>
    </StyledHeader>
  );
}
