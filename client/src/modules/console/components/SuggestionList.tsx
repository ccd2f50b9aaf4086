import styled from '@emotion/styled';
import type { CommandSuggestion } from '../hooks/useCommandSuggestions';

const StyledList = styled.ul(({ theme }) => ({
  position: 'absolute',
  top: '100%',
  left: 0,
  right: 0,
  zIndex: theme.zIndex.banner,
  margin: theme.spacing(1, 0, 0),
  padding: theme.spacing(1, 0),
  maxHeight: '240px',
  overflowY: 'auto',
  listStyle: 'none',
  background: theme.colors.surface,
  border: `1px solid ${theme.colors.border}`,
  borderRadius: theme.radii.md,
  boxShadow: theme.shadows.card,
}));

const StyledOption = styled('li', { shouldForwardProp: (prop) => prop !== 'active' })<{ active: boolean }>(({ theme, active }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: theme.spacing(1, 3),
  padding: theme.spacing(2, 3),
  cursor: 'pointer',
  background: active ? theme.colors.primarySoft : 'transparent',
  '&:hover': { background: active ? theme.colors.primarySoft : theme.colors.surfaceMuted },
}));

const StyledUsage = styled.code(({ theme }) => ({ fontFamily: theme.fonts.mono, fontWeight: theme.fontWeights.bold }));

const StyledParameters = styled.span(({ theme }) => ({ fontWeight: theme.fontWeights.regular, color: theme.colors.textMuted }));

const StyledDescription = styled.span(({ theme }) => ({ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }));

export const suggestionOptionId = (listId: string, index: number) => `${listId}-option-${index}`;

interface SuggestionListProps {
  id: string;
  suggestions: readonly CommandSuggestion[];
  highlighted: number;
  onHighlight(index: number): void;
  onSelect(suggestion: CommandSuggestion): void;
}

/** The dropdown under the command input: each command with its parameters and description. */
export function SuggestionList({ id, suggestions, highlighted, onHighlight, onSelect }: SuggestionListProps) {
  return (
    <StyledList id={id} role="listbox" aria-label="Command suggestions">
      {suggestions.map((suggestion, index) => (
        <StyledOption
          key={suggestion.command}
          id={suggestionOptionId(id, index)}
          role="option"
          aria-selected={index === highlighted}
          active={index === highlighted}
          // Keeps the focus in the input, which the selection then fills.
          onMouseDown={(event) => event.preventDefault()}
          onMouseEnter={() => onHighlight(index)}
          onClick={() => onSelect(suggestion)}
        >
          <StyledUsage>
            {suggestion.command}
            {suggestion.parameters && <StyledParameters> {suggestion.parameters}</StyledParameters>}
          </StyledUsage>
          <StyledDescription>{suggestion.description}</StyledDescription>
        </StyledOption>
      ))}
    </StyledList>
  );
}
