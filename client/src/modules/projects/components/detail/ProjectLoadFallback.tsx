import styled from '@emotion/styled';
import { Link } from 'react-router-dom';
import { Card } from '../../../../ui/Card';
import { ErrorBanner } from '../../../../ui/ErrorBanner';
import { LoadingText } from '../../../../ui/Loading';
import type { ProjectLoad } from './useProject';

const StyledMessage = styled(Card)(({ theme }) => ({ textAlign: 'center', padding: theme.spacing(10) }));

const StyledTitle = styled.h1(({ theme }) => ({ fontSize: theme.fontSizes.xl, marginBottom: theme.spacing(3) }));

const StyledLink = styled(Link)(({ theme }) => ({ color: theme.colors.primary }));

/** What the detail and edit screens show until their project is there: invalid id, loading, not found or an error. */
export function ProjectLoadFallback({ load }: { load: Exclude<ProjectLoad, { status: 'ready' }> }) {
  switch (load.status) {
    case 'loading':
      return <LoadingText>Loading project...</LoadingText>;
    case 'error':
      return <ErrorBanner message={load.message} onRetry={load.retry} />;
    case 'invalid':
    case 'not-found':
      return (
        <StyledMessage>
          <StyledTitle>{load.status === 'invalid' ? 'Invalid project ID' : 'Project not found'}</StyledTitle>
          <StyledLink to="/dashboard/projects">Back to projects</StyledLink>
        </StyledMessage>
      );
  }
}
