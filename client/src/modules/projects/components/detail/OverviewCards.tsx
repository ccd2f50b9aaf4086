import styled from '@emotion/styled';
import type { ProjectDetailFragment } from '../../../../generated/graphql';
import { Badge } from '../../../../ui/Badge';
import { Card, CardTitle } from '../../../../ui/Card';
import { CloneCommand } from './CloneCommand';
import { ProjectProvidersLine } from './ProjectProviders';
import { STATUS_LABELS, STATUS_TONES, formatDateTime } from './project-format';

const StyledFacts = styled.dl(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: theme.spacing(2, 4),
  margin: 0,
  fontSize: theme.fontSizes.sm,
}));

const StyledTerm = styled.dt(({ theme }) => ({ color: theme.colors.textMuted }));

const StyledDefinition = styled.dd({ margin: 0, overflowWrap: 'anywhere' });

const StyledLink = styled.a(({ theme }) => ({ color: theme.colors.primary }));

const StyledMuted = styled.p(({ theme }) => ({ margin: 0, color: theme.colors.textMuted }));

const StyledDescription = styled.p({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

const StyledTags = styled.ul(({ theme }) => ({ display: 'flex', flexWrap: 'wrap', gap: theme.spacing(2), margin: 0, padding: 0, listStyle: 'none' }));

function ExternalLink({ href }: { href: string }) {
  return (
    <StyledLink href={href} target="_blank" rel="noreferrer noopener">
      {href}
    </StyledLink>
  );
}

/** A web repository as a link; a local one (file://, which a page cannot open) as text. */
function RepositoryLink({ url }: { url: string }) {
  return /^https?:\/\//i.test(url) ? <ExternalLink href={url} /> : <span>{url}</span>;
}

/** Status, template, providers, how its code is contained (sandbox and limits), repository (and how to clone it), dates and (once deployed) the live URL. */
export function ProjectSummaryCard({ project }: { project: ProjectDetailFragment }) {
  // A repository Slipway serves is cloned over HTTP; one on GitHub from its own URL.
  const cloneFrom = project.cloneUrl ?? project.repositoryUrl;
  return (
    <Card aria-label="Project Summary">
      <CardTitle>Project Summary</CardTitle>
      <StyledFacts>
        <StyledTerm>Status</StyledTerm>
        <StyledDefinition>
          <Badge tone={STATUS_TONES[project.status]}>{STATUS_LABELS[project.status]}</Badge>
        </StyledDefinition>
        <StyledTerm>Template</StyledTerm>
        <StyledDefinition>{project.template?.name ?? project.templateName ?? 'None (blank project)'}</StyledDefinition>
        <StyledTerm>Providers</StyledTerm>
        <StyledDefinition>
          <ProjectProvidersLine providers={project.providers} />
        </StyledDefinition>
        <StyledTerm>Sandbox</StyledTerm>
        <StyledDefinition>{project.sandbox.sandboxed ? project.sandbox.summary : <strong>{project.sandbox.summary}</strong>}</StyledDefinition>
        <StyledTerm>Repository</StyledTerm>
        <StyledDefinition>{project.repositoryUrl ? <RepositoryLink url={project.repositoryUrl} /> : 'Not set'}</StyledDefinition>
        {cloneFrom && (
          <>
            <StyledTerm>Clone</StyledTerm>
            <StyledDefinition>
              <CloneCommand repositoryUrl={cloneFrom} />
            </StyledDefinition>
          </>
        )}
        {project.deployedUrl && (
          <>
            <StyledTerm>Deployed URL</StyledTerm>
            <StyledDefinition>
              <ExternalLink href={project.deployedUrl} />
            </StyledDefinition>
          </>
        )}
        <StyledTerm>Created</StyledTerm>
        <StyledDefinition>{formatDateTime(project.createdAt)}</StyledDefinition>
        <StyledTerm>Updated</StyledTerm>
        <StyledDefinition>{formatDateTime(project.updatedAt)}</StyledDefinition>
      </StyledFacts>
    </Card>
  );
}

export function DescriptionCard({ description }: { description: string }) {
  return (
    <Card aria-label="Description">
      <CardTitle>Description</CardTitle>
      {description ? <StyledDescription>{description}</StyledDescription> : <StyledMuted>No description provided.</StyledMuted>}
    </Card>
  );
}

export function TagsCard({ tags }: { tags: readonly string[] }) {
  return (
    <Card aria-label="Tags">
      <CardTitle>Tags</CardTitle>
      {tags.length ? (
        <StyledTags>
          {tags.map((tag) => (
            <li key={tag}>
              <Badge tone="info">{tag}</Badge>
            </li>
          ))}
        </StyledTags>
      ) : (
        <StyledMuted>No tags</StyledMuted>
      )}
    </Card>
  );
}
