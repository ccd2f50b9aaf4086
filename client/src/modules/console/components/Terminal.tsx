import styled from '@emotion/styled';
import { useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { controlStyles } from '../../../ui/fields/FieldShell';
import { Button } from '../../../ui/Button';
import { Card, CardTitle } from '../../../ui/Card';
import { useCommandHistory } from '../hooks/useCommandHistory';
import { type CommandSuggestion, useCommandSuggestions } from '../hooks/useCommandSuggestions';
import { useTerminal } from '../hooks/useTerminal';
import { SuggestionList, suggestionOptionId } from './SuggestionList';
import { TerminalOutput } from './TerminalOutput';

const StyledCommandLine = styled.div(({ theme }) => ({
  display: 'flex',
  gap: theme.spacing(2),
  marginTop: theme.spacing(3),
  [theme.breakpoints.sm]: { flexWrap: 'wrap' },
}));

const StyledInputArea = styled.div(({ theme }) => ({
  position: 'relative',
  flex: 1,
  minWidth: 0,
  [theme.breakpoints.sm]: { flexBasis: '100%' },
}));

const StyledPromptSign = styled.span(({ theme }) => ({
  position: 'absolute',
  left: theme.spacing(3),
  top: '50%',
  transform: 'translateY(-50%)',
  fontFamily: theme.fonts.mono,
  color: theme.colors.primary,
  pointerEvents: 'none',
}));

const StyledInput = styled('input', { shouldForwardProp: (prop) => prop !== 'invalid' })<{ invalid: boolean }>((props) => ({
  ...controlStyles(props),
  paddingLeft: props.theme.spacing(7),
  fontFamily: props.theme.fonts.mono,
}));

/** Run and Clear are for touch screens without Enter at hand (spec section 2): shown on small screens only. */
const StyledSmallScreenActions = styled.div(({ theme }) => ({
  display: 'none',
  gap: theme.spacing(2),
  [theme.breakpoints.sm]: { display: 'flex', flexBasis: '100%', '& > button': { flex: 1 } },
}));

const StyledHint = styled.p(({ theme }) => ({ margin: theme.spacing(2, 0, 0), fontSize: theme.fontSizes.xs, color: theme.colors.textMuted }));

/** What a chosen suggestion puts in the input: the command, and a space when it takes arguments. */
const completion = (suggestion: CommandSuggestion) => (suggestion.parameters ? `${suggestion.command} ` : suggestion.command);

/**
 * The console's terminal: a command input with suggestions and history, and the output of every command run.
 * Keys: Enter runs (or takes the highlighted suggestion), Tab completes, Escape closes the suggestions, Up/Down move
 * in the suggestions while they are open and through the history otherwise.
 */
export function Terminal() {
  const [input, setInput] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const history = useCommandHistory();
  const suggestions = useCommandSuggestions();
  const terminal = useTerminal();

  const runInput = () => {
    const command = input.trim();
    suggestions.close();
    setInput('');
    if (!command) return;
    history.record(command);
    void terminal.run(command);
  };

  const complete = (suggestion: CommandSuggestion) => {
    setInput(completion(suggestion));
    suggestions.close();
    inputRef.current?.focus();
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    setInput(event.target.value);
    history.stopBrowsing();
    suggestions.search(event.target.value);
  };

  const showFromHistory = (command: string | null) => {
    if (command === null) return;
    setInput(command);
    // A lookup still pending for the line typed before is about another line now.
    suggestions.close();
  };

  const onSuggestionKey = (event: KeyboardEvent<HTMLInputElement>): boolean => {
    const { suggestions: list, highlighted } = suggestions;
    switch (event.key) {
      case 'ArrowDown':
        suggestions.move(1);
        return true;
      case 'ArrowUp':
        suggestions.move(-1);
        return true;
      case 'Tab':
        complete(list[Math.max(highlighted, 0)]);
        return true;
      case 'Escape':
        suggestions.close();
        return true;
      case 'Enter':
        if (highlighted < 0) return false;
        complete(list[highlighted]);
        return true;
      default:
        return false;
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (suggestions.open) {
      if (onSuggestionKey(event)) {
        event.preventDefault();
        return;
      }
    }
    if (event.key === 'Enter') {
      event.preventDefault();
      runInput();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      showFromHistory(history.previous(input));
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      showFromHistory(history.next());
    }
  };

  const clear = () => {
    terminal.clear();
    inputRef.current?.focus();
  };

  return (
    <Card aria-labelledby={`${listId}-title`}>
      <CardTitle id={`${listId}-title`}>Terminal</CardTitle>
      <TerminalOutput entries={terminal.entries} />
      <StyledCommandLine>
        <StyledInputArea>
          <StyledPromptSign aria-hidden="true">$</StyledPromptSign>
          <StyledInput
            ref={inputRef}
            value={input}
            onChange={onChange}
            onKeyDown={onKeyDown}
            onBlur={suggestions.close}
            invalid={false}
            aria-label="Command"
            placeholder="Type a command, e.g. help"
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={suggestions.open}
            aria-controls={suggestions.open ? listId : undefined}
            aria-activedescendant={suggestions.highlighted >= 0 ? suggestionOptionId(listId, suggestions.highlighted) : undefined}
          />
          {suggestions.open && (
            <SuggestionList
              id={listId}
              suggestions={suggestions.suggestions}
              highlighted={suggestions.highlighted}
              onHighlight={suggestions.setHighlighted}
              onSelect={complete}
            />
          )}
        </StyledInputArea>
        <StyledSmallScreenActions>
          <Button onClick={runInput}>Run</Button>
          <Button variant="secondary" onClick={clear}>
            Clear
          </Button>
        </StyledSmallScreenActions>
      </StyledCommandLine>
      <StyledHint>Tab completes a command, Up and Down recall earlier ones, &apos;clear&apos; empties the output.</StyledHint>
    </Card>
  );
}
