import type { MockLink } from '@apollo/client/testing';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatHelp } from '@slipway/domain';
import { CommandSuggestionsDocument, ExecuteCommandDocument, type CommandResultType } from '../../../generated/graphql';
import { graphQLErrorResult } from '../../../test/fixtures';
import { renderWithProviders, signedIn } from '../../../test/render';
import { SUGGESTION_DEBOUNCE_MS } from '../hooks/useCommandSuggestions';
import { Terminal } from './Terminal';

function executeMock(command: string, type: CommandResultType, output: string): MockLink.MockedResponse {
  return {
    request: { query: ExecuteCommandDocument, variables: { command } },
    result: { data: { executeCommand: { __typename: 'CommandResult', type, output } } },
  };
}

const SUGGESTIONS = {
  ls: { command: 'ls', parameters: '[path]', description: 'List your projects and settings as directories', category: 'navigation' },
  help: { command: 'help', parameters: '[command]', description: 'Show all commands, or detailed help for one command', category: 'general' },
  whoami: { command: 'whoami', parameters: '', description: 'Show your name, email and role', category: 'system' },
};

function suggestionsMock(search: string, commands: (keyof typeof SUGGESTIONS)[]): MockLink.MockedResponse {
  return {
    request: { query: CommandSuggestionsDocument, variables: { search } },
    result: { data: { commandSuggestions: commands.map((name) => ({ __typename: 'CommandSuggestion', ...SUGGESTIONS[name] })) } },
  };
}

function renderTerminal(mocks: MockLink.MockedResponse[] = []) {
  const view = renderWithProviders(<Terminal />, { auth: signedIn(), mocks });
  return { ...view, input: screen.getByRole('combobox', { name: 'Command' }) };
}

const entries = () => screen.queryAllByTestId('terminal-entry');

const lastResult = () => {
  const all = entries();
  return all[all.length - 1].querySelector('pre');
};

describe('Terminal', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs a command on the server and shows its output, typed by the result's type", async () => {
    const { user, input } = renderTerminal([executeMock('echo $(whoami)', 'output', '$(whoami)'), executeMock('whoami x', 'error', 'whoami: takes no arguments. Usage: whoami')]);
    await user.type(input, 'echo $(whoami){Enter}');
    expect(input).toHaveValue('');
    expect(await screen.findByText('$(whoami)', { selector: 'pre' })).toHaveAttribute('data-type', 'output');
    expect(entries()[0]).toHaveTextContent(/^echo \$\(whoami\)/);

    await user.type(input, 'whoami x{Enter}');
    expect(await screen.findByText('whoami: takes no arguments. Usage: whoami')).toHaveAttribute('data-type', 'error');
    expect(entries()).toHaveLength(2);
  });

  it('shows Running... until the server answers', async () => {
    const { user, input } = renderTerminal([{ ...executeMock('status', 'output', 'Database: up'), delay: 50 }]);
    await user.type(input, 'status{Enter}');
    expect(within(entries()[0]).getByText('Running...')).toBeInTheDocument();
    expect(await screen.findByText('Database: up')).toBeInTheDocument();
    expect(screen.queryByText('Running...')).not.toBeInTheDocument();
  });

  it("prints spec section 8's failure text when the call fails", async () => {
    const { user, input } = renderTerminal([
      { request: { query: ExecuteCommandDocument, variables: { command: 'ls' } }, result: graphQLErrorResult('Too many requests', 'BAD_USER_INPUT') },
      { request: { query: ExecuteCommandDocument, variables: { command: 'pwd' } }, error: new Error('Failed to fetch') },
    ]);
    await user.type(input, 'ls{Enter}');
    await vi.waitFor(() => expect(lastResult()).toHaveTextContent(/^Error executing command: Too many requests/));
    expect(lastResult()).toHaveAttribute('data-type', 'error');
    expect(lastResult()?.textContent).toContain("Suggestions:\n  • Check the command spelling\n  • Type 'help' to see all available commands\n  • Use Tab to autocomplete commands\n  • Ensure you have the necessary permissions");

    await user.type(input, 'pwd{Enter}');
    await vi.waitFor(() => expect(lastResult()).toHaveTextContent(/^Error executing command: Failed to fetch/));
  });

  it('answers help, help <command> and an unknown topic locally, without calling the server', async () => {
    // No mocks: any request would fail and print 'Error executing command'.
    const { user, input } = renderTerminal();
    await user.type(input, 'help{Enter}');
    expect(lastResult()?.textContent).toBe(formatHelp());
    expect(lastResult()).toHaveAttribute('data-type', 'info');

    await user.type(input, 'help echo{Enter}');
    expect(lastResult()?.textContent).toMatch(/^Usage: echo <text>\nPrint text exactly as typed\n/);

    await user.type(input, 'help nosuch{Enter}');
    expect(lastResult()?.textContent).toBe("No help available for command 'nosuch'. Type 'help' to see all available commands.");
    expect(lastResult()).toHaveAttribute('data-type', 'error');
    expect(screen.queryByText(/Error executing command/)).not.toBeInTheDocument();
  });

  it('clears the output with clear and with the Clear button', async () => {
    const { user, input } = renderTerminal();
    await user.type(input, 'help{Enter}help ls{Enter}');
    expect(entries()).toHaveLength(2);
    await user.type(input, 'clear{Enter}');
    expect(entries()).toHaveLength(0);
    expect(screen.getByText("Type 'help' to see all available commands.")).toBeInTheDocument();

    await user.type(input, 'help{Enter}');
    await user.click(screen.getByRole('button', { name: 'Clear', hidden: true }));
    expect(entries()).toHaveLength(0);
  });

  it('runs the typed command with the Run button', async () => {
    const { user, input } = renderTerminal();
    await user.type(input, 'help pwd');
    await user.click(screen.getByRole('button', { name: 'Run', hidden: true }));
    expect(lastResult()?.textContent).toMatch(/^Usage: pwd\n/);
    expect(input).toHaveValue('');
  });

  it('walks the history with Up and Down and gives back the line being typed', async () => {
    const { user, input } = renderTerminal();
    await user.type(input, 'help{Enter}help ls{Enter}help ls{Enter}help cd{Enter}');
    await user.type(input, 'help pw');

    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('help cd');
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('help ls');
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('help');
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('help');

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveValue('help ls');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveValue('help pw');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveValue('help pw');
  });

  it('ignores an empty line and does not record it', async () => {
    const { user, input } = renderTerminal();
    await user.type(input, '   {Enter}');
    expect(entries()).toHaveLength(0);
    expect(input).toHaveValue('');
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('');
  });

  // Fake timers for the 300 ms debounce; user-event awaits real timers between its steps, so these tests type
  // and press keys with fireEvent.
  describe('suggestions', () => {
    const typeLine = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
    const press = (input: HTMLElement, key: string) => fireEvent.keyDown(input, { key });
    const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    /** Lets a mocked answer arrive (it takes a few zero-delay timers through the link chain). */
    const settle = () => act(() => vi.runAllTimersAsync());
    /** Types `value`, waits out the debounce and lets the mocked answer arrive. */
    const typeAndWait = async (input: HTMLElement, value: string) => {
      typeLine(input, value);
      await elapse(SUGGESTION_DEBOUNCE_MS);
      await settle();
    };

    beforeEach(() => {
      vi.useFakeTimers();
    });

    it('asks the server 300 ms after the last keystroke and opens when there are suggestions', async () => {
      const { input, apollo } = renderTerminal([suggestionsMock('wh', ['whoami'])]);
      const query = vi.spyOn(apollo.client, 'query');
      typeLine(input, 'w');
      await elapse(SUGGESTION_DEBOUNCE_MS - 1);
      typeLine(input, 'wh');
      await elapse(SUGGESTION_DEBOUNCE_MS - 1);
      expect(query).not.toHaveBeenCalled();
      await elapse(1);
      expect(query).toHaveBeenCalledTimes(1);
      expect(query.mock.calls[0][0].variables).toEqual({ search: 'wh' });
      await settle();
      const list = screen.getByRole('listbox', { name: 'Command suggestions' });
      expect(within(list).getByRole('option')).toHaveTextContent('whoamiShow your name, email and role');
      expect(input).toHaveAttribute('aria-expanded', 'true');
    });

    it('does not ask for blank input', async () => {
      const { input, apollo } = renderTerminal();
      const query = vi.spyOn(apollo.client, 'query');
      typeLine(input, '  ');
      await elapse(SUGGESTION_DEBOUNCE_MS * 2);
      expect(query).not.toHaveBeenCalled();
    });

    it('stays closed when nothing matches', async () => {
      const { input } = renderTerminal([suggestionsMock('x', [])]);
      await typeAndWait(input, 'x');
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
      expect(input).toHaveAttribute('aria-expanded', 'false');
    });

    it('closes on Escape', async () => {
      const { input } = renderTerminal([suggestionsMock('h', ['help'])]);
      await typeAndWait(input, 'h');
      expect(screen.getByRole('listbox')).toBeInTheDocument();
      press(input, 'Escape');
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
      expect(input).toHaveValue('h');
    });

    it('fills the input with a clicked suggestion and closes, without reopening', async () => {
      const { input, apollo } = renderTerminal([suggestionsMock('l', ['ls'])]);
      await typeAndWait(input, 'l');
      const query = vi.spyOn(apollo.client, 'query');
      fireEvent.click(screen.getByRole('option', { name: /^ls/ }));
      expect(input).toHaveValue('ls ');
      expect(input).toHaveFocus();
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
      await elapse(SUGGESTION_DEBOUNCE_MS * 2);
      expect(query).not.toHaveBeenCalled();
    });

    it('completes with Tab: the first suggestion, or the highlighted one', async () => {
      const { input } = renderTerminal([suggestionsMock('w', ['whoami']), suggestionsMock('h', ['help', 'whoami'])]);
      await typeAndWait(input, 'w');
      press(input, 'Tab');
      expect(input).toHaveValue('whoami');
      expect(input).toHaveFocus();
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

      await typeAndWait(input, 'h');
      press(input, 'ArrowDown');
      press(input, 'ArrowDown');
      press(input, 'Tab');
      expect(input).toHaveValue('whoami');
    });

    it('moves with the arrow keys inside the open list (not through history) and takes the highlighted one with Enter', async () => {
      const { input } = renderTerminal([suggestionsMock('h', ['help', 'whoami'])]);
      typeLine(input, 'help ls');
      press(input, 'Enter');
      await typeAndWait(input, 'h');
      const options = screen.getAllByRole('option');

      press(input, 'ArrowDown');
      expect(options[0]).toHaveAttribute('aria-selected', 'true');
      expect(input).toHaveAttribute('aria-activedescendant', options[0].id);
      press(input, 'ArrowDown');
      expect(options[1]).toHaveAttribute('aria-selected', 'true');
      press(input, 'ArrowDown');
      expect(options[0]).toHaveAttribute('aria-selected', 'true');
      press(input, 'ArrowUp');
      expect(options[1]).toHaveAttribute('aria-selected', 'true');
      expect(input).toHaveValue('h');

      press(input, 'Enter');
      expect(input).toHaveValue('whoami');
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
      expect(entries()).toHaveLength(1);
      press(input, 'ArrowUp');
      expect(input).toHaveValue('help ls');
    });

    it('runs the typed line on Enter when no suggestion is highlighted', async () => {
      const { input } = renderTerminal([suggestionsMock('help', ['help'])]);
      await typeAndWait(input, 'help');
      expect(screen.getByRole('listbox')).toBeInTheDocument();
      press(input, 'Enter');
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
      expect(lastResult()?.textContent).toBe(formatHelp());
    });

    it.each([
      ['a GraphQL error', { result: graphQLErrorResult('Search must be a string', 'BAD_USER_INPUT') }],
      ['a network error', { error: new Error('Failed to fetch') }],
    ])('clears the list silently on %s', async (_case, outcome) => {
      const { input } = renderTerminal([
        suggestionsMock('h', ['help']),
        { request: { query: CommandSuggestionsDocument, variables: { search: 'hx' } }, ...outcome },
      ]);
      await typeAndWait(input, 'h');
      expect(screen.getByRole('listbox')).toBeInTheDocument();
      await typeAndWait(input, 'hx');
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(entries()).toHaveLength(0);
    });

    it('drops an answer that arrives after the line was run', async () => {
      const { input } = renderTerminal([{ ...suggestionsMock('help', ['help']), delay: 100 }]);
      typeLine(input, 'help');
      await elapse(SUGGESTION_DEBOUNCE_MS);
      press(input, 'Enter');
      await elapse(200);
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
      expect(entries()).toHaveLength(1);
    });
  });
});
