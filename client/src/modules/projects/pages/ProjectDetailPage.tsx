import styled from '@emotion/styled';
import { useApolloClient } from '@apollo/client/react';
import { StreamName } from '@slipway/domain';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { FRESH_FETCH, useSerialRefresh } from '../../../app/apollo/serial-refresh';
import { ProjectDetailDocument, type PipelineStatusFieldsFragment, type ProjectDetailFragment } from '../../../generated/graphql';
import { ProjectPipelinePanel } from '../../pipelines/components/ProjectPipelinePanel';
import { usePipelineStatus } from '../../pipelines/hooks/usePipelineStatus';
import { DeleteProjectDialog } from '../components/detail/DeleteProjectDialog';
import { GitAccessCard } from '../components/detail/GitAccessCard';
import { DescriptionCard, ProjectSummaryCard, TagsCard } from '../components/detail/OverviewCards';
import { ProjectHeader } from '../components/detail/ProjectHeader';
import { ProjectLoadFallback } from '../components/detail/ProjectLoadFallback';
import { evictDeletedProject } from '../components/detail/project-cache';
import { projectsNotice } from '../components/list/projects-notice';
import { ProjectTabs, type ProjectTab } from '../components/detail/ProjectTabs';
import { useProject } from '../components/detail/useProject';
import { ProjectEnvironmentCard } from '../components/environment/ProjectEnvironmentCard';
import { VersionsTab } from '../../versions/components/VersionsTab';
import { DeploymentsTab } from '../../deployments/components/DeploymentsTab';
import { MembersSection } from '../../members/components/MembersSection';
import { ActivityList } from '../../audit/components/ActivityList';
import { DeployStrategyModal } from '../../deployments/components/DeployStrategyModal';
import { useDeployFlow } from '../../deployments/hooks/useDeployFlow';
import { EnvironmentsTab } from '../../environments/components/EnvironmentsTab';
import { useProjectActiveDeployment } from '../../deployments/hooks/useDeploymentLists';

type TabKey = 'overview' | 'versions' | 'deployments' | 'environments' | 'members' | 'activity';

const TABS: readonly ProjectTab<TabKey>[] = [
  { key: 'overview', label: 'Overview' },
  { key: 'versions', label: 'Versions' },
  { key: 'deployments', label: 'Deployments' },
  { key: 'environments', label: 'Environments' },
  { key: 'members', label: 'Members' },
  { key: 'activity', label: 'Activity' },
];

const StyledOverview = styled.div(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: theme.spacing(5),
  [theme.breakpoints.md]: { gridTemplateColumns: 'minmax(0, 1fr)' },
}));

const StyledWide = styled.div({ gridColumn: '1 / -1' });

const StyledColumn = styled.div(({ theme }) => ({ display: 'flex', flexDirection: 'column', gap: theme.spacing(5) }));

interface OverviewProps {
  project: ProjectDetailFragment;
  pipeline: PipelineStatusFieldsFragment | null;
  onCancelled: (run: PipelineStatusFieldsFragment) => void;
}

function Overview({ project, pipeline, onCancelled }: OverviewProps) {
  return (
    <StyledOverview>
      <StyledWide>
        <ProjectPipelinePanel project={project} pipeline={pipeline} onCancelled={onCancelled} />
      </StyledWide>
      <ProjectSummaryCard project={project} />
      <StyledColumn>
        <DescriptionCard description={project.description} />
        <TagsCard tags={project.tags} />
      </StyledColumn>
      {project.cloneUrl && (
        <StyledWide>
          <GitAccessCard cloneUrl={project.cloneUrl} />
        </StyledWide>
      )}
      <StyledWide>
        <ProjectEnvironmentCard project={project} />
      </StyledWide>
    </StyledOverview>
  );
}

/**
 * Once the project's deletion run completes the project is gone: back to the list, which says so (`notice`), and
 * (once this page and its queries are gone, so that they do not ask for it again) out of the cache.
 */
function useLeaveWhenDeleted(projectId: string, deleted: boolean, notice: string) {
  const client = useApolloClient();
  const navigate = useNavigate();
  useEffect(() => {
    if (!deleted) return undefined;
    void navigate('/dashboard/projects', { state: projectsNotice(notice) });
    return () => void setTimeout(() => evictDeletedProject(client.cache, projectId));
  }, [client, navigate, projectId, deleted, notice]);
}

/**
 * The run's steps write the project (its repository, image, version, app URL): each time a step of the latest run
 * completes, or the run ends (also after a Retry, and from the polling fallback), the project is fetched again so
 * that the page shows what the run made without a reload, one fetch at a time (useSerialRefresh): an older answer
 * would leave the page on what the project was before the run's last step.
 */
function useProjectFollowsPipeline(projectId: string, pipeline: PipelineStatusFieldsFragment | null) {
  const client = useApolloClient();
  const progress = pipeline && `${pipeline.id}:${pipeline.completedProcessors}:${pipeline.overallStatus}`;
  const seen = useRef(progress);
  const refresh = useSerialRefresh(() => client.query({ query: ProjectDetailDocument, variables: { id: projectId }, fetchPolicy: 'network-only', context: FRESH_FETCH }));
  useEffect(() => {
    if (progress === seen.current) return;
    seen.current = progress;
    if (!progress || pipeline?.streamName === StreamName.projectDeletion) return;
    refresh();
  }, [refresh, progress, pipeline?.streamName]);
}

function ProjectDetail({ project }: { project: ProjectDetailFragment }) {
  const [tab, setTab] = useState<TabKey>('overview');
  // Set when the page itself switched to Deployments after a deploy: the tab then takes focus.
  const [deployedSwitch, setDeployedSwitch] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const { pipeline, gone } = usePipelineStatus(project.id);
  // What the list says once the project is gone: why it went, when this page knows.
  const [leaveNotice, setLeaveNotice] = useState(`Project "${project.name}" was deleted.`);
  useLeaveWhenDeleted(project.id, gone, leaveNotice);
  useProjectFollowsPipeline(project.id, pipeline);
  const { deployment: activeDeployment } = useProjectActiveDeployment(project.id, pipeline && `${pipeline.id}:${pipeline.overallStatus}`);
  const deployFlow = useDeployFlow(() => {
    setTab('deployments');
    setDeployedSwitch(true);
  });
  const selectTab = (key: TabKey) => {
    setTab(key);
    setDeployedSwitch(false);
  };

  return (
    <>
      <ProjectHeader project={project} pipeline={pipeline} activeDeployment={activeDeployment} onDelete={() => setConfirmingDelete(true)} />
      <ProjectTabs label="Project sections" tabs={TABS} selected={tab} onSelect={selectTab}>
        {tab === 'overview' && (
          <Overview
            project={project}
            pipeline={pipeline}
            onCancelled={(run) => {
              if (run.streamName === StreamName.projectCreation) {
                setLeaveNotice(`The creation of "${project.name}" was cancelled: the project and what its creation had made were deleted.`);
              }
            }}
          />
        )}
        {tab === 'versions' && <VersionsTab projectId={project.id} onDeploy={deployFlow.open} />}
        {tab === 'deployments' && <DeploymentsTab projectId={project.id} focusOnOpen={deployedSwitch} />}
        {tab === 'environments' && <EnvironmentsTab projectId={project.id} />}
        {tab === 'members' && <MembersSection projectId={project.id} canManage={project.yourRole === 'owner' || project.yourRole === 'maintainer'} />}
        {tab === 'activity' && <ActivityList projectId={project.id} title="Project activity" />}
      </ProjectTabs>
      {deployFlow.version && (
        <DeployStrategyModal
          projectId={project.id}
          version={deployFlow.version}
          hasActiveDeployment={Boolean(activeDeployment)}
          onClose={deployFlow.close}
          onDeployed={deployFlow.deployed}
        />
      )}
      {confirmingDelete && (
        <DeleteProjectDialog
          project={project}
          onClose={() => setConfirmingDelete(false)}
          onDeleting={() => {
            // The page stays and shows the deletion run live; it leaves for the list when the run completes.
            setConfirmingDelete(false);
            setTab('overview');
          }}
        />
      )}
    </>
  );
}

/**
 * /dashboard/projects/:projectId: header (with the latest pipeline run's status and the active deployment's
 * version and status), then Overview (the pipeline timeline first), Versions (whose Deploy opens the strategy
 * modal) and Deployments tabs. A project being deleted shows its deletion run with Edit and
 * Delete off, and the page leaves for the list (which says what happened) once the deletion completes.
 */
export function ProjectDetailPage() {
  const { projectId } = useParams();
  const load = useProject(projectId);
  if (load.status !== 'ready') return <ProjectLoadFallback load={load} />;
  return <ProjectDetail project={load.project} />;
}
