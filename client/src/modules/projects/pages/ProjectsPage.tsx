import styled from '@emotion/styled';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { apiErrorMessage } from '../../../app/apollo/error-message';
import { useAuth } from '../../../app/auth/auth-context';
import { useProjectsQuery, useProjectTagsQuery } from '../../../generated/hooks';
import { Button } from '../../../ui/Button';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { LoadingText } from '../../../ui/Loading';
import { PageHeader } from '../../../ui/PageHeader';
import { Pager } from '../../../ui/Pager';
import { ProjectCard } from '../components/list/ProjectCard';
import { ProjectFilters } from '../components/list/ProjectFilters';
import { ProjectsEmptyState } from '../components/list/ProjectsEmptyState';
import { PAGE_WINDOW, isFiltered, resultRangeText, toProjectsFilter } from '../components/list/project-list-params';
import { useProjectListParams } from '../components/list/useProjectListParams';
import { noticeOf } from '../components/list/projects-notice';

/** While a listed project's deletion runs, the list asks again this often, so that the project leaves it when the run ends. */
export const DELETION_POLL_MS = 2000;

const StyledGrid = styled.ul(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
  gap: theme.spacing(4),
  margin: 0,
  padding: 0,
  listStyle: 'none',
}));

const StyledBannerSlot = styled.div(({ theme }) => ({ marginBottom: theme.spacing(4) }));

/** /dashboard/projects: the user's projects, filtered, sorted and paged by the URL query. */
export function ProjectsPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const { params, setSearch, setStatus, toggleTag, setSort, setPage, clearFilters } = useProjectListParams();
  const projects = useProjectsQuery({
    variables: { filter: toProjectsFilter(params) },
    fetchPolicy: 'cache-and-network',
    skip: auth.status !== 'authenticated',
  });
  const tags = useProjectTagsQuery({ fetchPolicy: 'cache-and-network', skip: auth.status !== 'authenticated' });
  const [dismissedError, setDismissedError] = useState<unknown>(null);
  const location = useLocation();
  // What the page that sent the user here said happened; shown once: a reload or Back does not bring it again.
  const [notice, setNotice] = useState(() => noticeOf(location.state));
  useEffect(() => {
    if (noticeOf(location.state)) void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location, navigate]);

  useEffect(() => {
    // Spec section 8: a tags failure is logged only; the list works without the tag filter.
    if (tags.error) console.error('Failed to load project tags', tags.error);
  }, [tags.error]);

  const tagChoices = [...new Set([...(tags.data?.projectTags ?? []), ...params.tags])];
  // While another page or filter loads, the previous results stay in place instead of flashing a loading text.
  const page = (projects.data ?? projects.previousData)?.projects;
  const deleting = Boolean(page?.projects.some((project) => project.beingDeleted));
  const { startPolling, stopPolling } = projects;
  useEffect(() => {
    if (!deleting) return undefined;
    startPolling(DELETION_POLL_MS);
    return () => stopPolling();
  }, [deleting, startPolling, stopPolling]);
  const error = projects.error && projects.error !== dismissedError ? projects.error : null;

  let content;
  if (auth.status === 'loading') content = <LoadingText>Authenticating...</LoadingText>;
  else if (!page && projects.loading) content = <LoadingText>Loading projects...</LoadingText>;
  else if (page && page.projects.length === 0) content = <ProjectsEmptyState filtered={isFiltered(params) || params.page > 1} />;
  else if (page) {
    content = (
      <>
        <StyledGrid aria-label="Projects" aria-busy={projects.loading}>
          {page.projects.map((project) => (
            <li key={project.id}>
              <ProjectCard project={project} />
            </li>
          ))}
        </StyledGrid>
        <Pager
          page={page.page}
          totalPages={page.totalPages}
          windowSize={PAGE_WINDOW}
          edges="previous-next"
          summary={resultRangeText(page.page, page.limit, page.total)}
          onPage={setPage}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Projects"
        actions={<Button onClick={() => navigate('/dashboard/projects/new')}>Create New Project</Button>}
      />
      <ProjectFilters
        params={params}
        tags={tagChoices}
        onSearch={setSearch}
        onStatus={setStatus}
        onSort={setSort}
        onToggleTag={toggleTag}
        onClear={clearFilters}
      />
      {notice && (
        <StyledBannerSlot>
          <ErrorBanner variant="info" title="Done" message={notice} onDismiss={() => setNotice(null)} />
        </StyledBannerSlot>
      )}
      {error && (
        <StyledBannerSlot>
          <ErrorBanner
            message={apiErrorMessage(error, 'Failed to load projects')}
            onRetry={() => void projects.refetch().catch(() => undefined)}
            onDismiss={() => setDismissedError(error)}
          />
        </StyledBannerSlot>
      )}
      {content}
    </>
  );
}
