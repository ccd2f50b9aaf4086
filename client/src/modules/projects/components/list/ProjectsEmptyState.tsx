import styled from '@emotion/styled';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../../ui/Button';

const StyledEmpty = styled.section(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: theme.spacing(3),
  padding: theme.spacing(12, 6),
  textAlign: 'center',
  background: theme.colors.surface,
  border: `1px dashed ${theme.colors.borderStrong}`,
  borderRadius: theme.radii.lg,
}));

const StyledTitle = styled.h2(({ theme }) => ({ fontSize: theme.fontSizes.xl }));

const StyledHint = styled.p(({ theme }) => ({ margin: 0, color: theme.colors.textMuted }));

/** 'No projects found', hinting at the filters when some are set, else at creating the first project. */
export function ProjectsEmptyState({ filtered }: { filtered: boolean }) {
  const navigate = useNavigate();
  return (
    <StyledEmpty>
      <StyledTitle>No projects found</StyledTitle>
      <StyledHint>
        {filtered
          ? 'Try adjusting your search or filters to find what you are looking for.'
          : 'Get started by creating your first project.'}
      </StyledHint>
      <Button onClick={() => navigate('/dashboard/projects/new')}>Create Project</Button>
    </StyledEmpty>
  );
}
