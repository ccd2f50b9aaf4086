import styled from '@emotion/styled';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import type { ProjectDetailFragment } from '../../../generated/graphql';
import { DeleteProjectDialog } from '../components/detail/DeleteProjectDialog';
import { DeploymentsTab } from '../components/detail/EmptyTabs';
import { DescriptionCard, PipelinePanel, ProjectSummaryCard, TagsCard } from '../components/detail/OverviewCards';
import { ProjectHeader } from '../components/detail/ProjectHeader';
import { ProjectLoadFallback } from '../components/detail/ProjectLoadFallback';
import { ProjectTabs, type ProjectTab } from '../components/detail/ProjectTabs';
import { useProject } from '../components/detail/useProject';
import { ProjectEnvironmentCard } from '../components/environment/ProjectEnvironmentCard';
import { VersionsTab } from '../../versions/components/VersionsTab';

type TabKey = 'overview' | 'versions' | 'deployments';

const TABS: readonly ProjectTab<TabKey>[] = [
  { key: 'overview', label: 'Overview' },
  { key: 'versions', label: 'Versions' },
  { key: 'deployments', label: 'Deployments' },
];

const StyledOverview = styled.div(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: theme.spacing(5),
  [theme.breakpoints.md]: { gridTemplateColumns: 'minmax(0, 1fr)' },
}));

const StyledWide = styled.div({ gridColumn: '1 / -1' });

const StyledColumn = styled.div(({ theme }) => ({ display: 'flex', flexDirection: 'column', gap: theme.spacing(5) }));

function Overview({ project }: { project: ProjectDetailFragment }) {
  return (
    <StyledOverview>
      <StyledWide>
        <PipelinePanel />
      </StyledWide>
      <ProjectSummaryCard project={project} />
      <StyledColumn>
        <DescriptionCard description={project.description} />
        <TagsCard tags={project.tags} />
      </StyledColumn>
      <StyledWide>
        <ProjectEnvironmentCard project={project} />
      </StyledWide>
    </StyledOverview>
  );
}

/** /dashboard/projects/:projectId: header, then Overview, Versions and Deployments tabs. */
export function ProjectDetailPage() {
  const { projectId } = useParams();
  const load = useProject(projectId);
  const [tab, setTab] = useState<TabKey>('overview');
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  if (load.status !== 'ready') return <ProjectLoadFallback load={load} />;
  const { project } = load;
  return (
    <>
      <ProjectHeader project={project} onDelete={() => setConfirmingDelete(true)} />
      <ProjectTabs label="Project sections" tabs={TABS} selected={tab} onSelect={setTab}>
        {tab === 'overview' && <Overview project={project} />}
        {tab === 'versions' && <VersionsTab projectId={project.id} />}
        {tab === 'deployments' && <DeploymentsTab />}
      </ProjectTabs>
      {confirmingDelete && <DeleteProjectDialog project={project} onClose={() => setConfirmingDelete(false)} />}
    </>
  );
}
