import styled from '@emotion/styled';
import { useRef, useState, type KeyboardEvent } from 'react';
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

/** Keys that move focus between the tiles, and where to. */
const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * The spec's four fixed tiles, each with its tooltip on hover or focus. For the keyboard they are one tab stop: Tab
 * enters on the tile last visited, the arrow keys (and Home, End) move between them, Tab leaves.
 */
export function StatTiles() {
  const [current, setCurrent] = useState(0);
  const tiles = useRef<(HTMLDivElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move(current, STAT_TILES.length);
    setCurrent(next);
    tiles.current[next]?.focus();
  };
  return (
    <StyledGrid aria-label="Workspace statistics" onKeyDown={onKeyDown}>
      {STAT_TILES.map((tile, index) => (
        <StyledItem key={tile.label}>
          <Tooltip content={tile.description}>
            <StyledTile
              ref={(element) => {
                tiles.current[index] = element;
              }}
              tabIndex={index === current ? 0 : -1}
              onFocus={() => setCurrent(index)}
              data-testid={`stat-${tile.label.toLowerCase()}`}
            >
              <StyledLabel>{tile.label}</StyledLabel>
              <StyledValue>{tile.value}</StyledValue>
            </StyledTile>
          </Tooltip>
        </StyledItem>
      ))}
    </StyledGrid>
  );
}
