import styled from '@emotion/styled';
import { Tooltip } from '../../../ui/Tooltip';

/** Spec section 2: four tiles with fixed values. */
export const STAT_TILES = [
  { label: 'Environments', value: 1, description: 'Deployment environments available to your projects' },
  { label: 'Services', value: 3, description: 'Services running across your environments' },
  { label: 'Endpoints', value: 10, description: 'HTTP endpoints exposed by your services' },
  { label: 'Resources', value: 15, description: 'Cloud resources provisioned for your projects' },
] as const;

const StyledGrid = styled.ul(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  gap: theme.spacing(4),
  margin: theme.spacing(0, 0, 6),
  padding: 0,
  listStyle: 'none',
  [theme.breakpoints.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
}));

const StyledTile = styled.div(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(1),
  width: '100%',
  padding: theme.spacing(4, 5),
  background: theme.colors.surface,
  border: `1px solid ${theme.colors.border}`,
  borderRadius: theme.radii.lg,
  boxShadow: theme.shadows.card,
  cursor: 'default',
}));

const StyledLabel = styled.span(({ theme }) => ({ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }));

const StyledValue = styled.span(({ theme }) => ({ fontSize: theme.fontSizes.xxl, fontWeight: theme.fontWeights.bold }));

const StyledItem = styled.li({ display: 'flex', '& > span': { flex: 1 } });

export function StatTiles() {
  return (
    <StyledGrid aria-label="Workspace statistics">
      {STAT_TILES.map((tile) => (
        <StyledItem key={tile.label}>
          <Tooltip content={tile.description}>
            <StyledTile tabIndex={0} data-testid={`stat-${tile.label.toLowerCase()}`}>
              <StyledLabel>{tile.label}</StyledLabel>
              <StyledValue>{tile.value}</StyledValue>
            </StyledTile>
          </Tooltip>
        </StyledItem>
      ))}
    </StyledGrid>
  );
}
