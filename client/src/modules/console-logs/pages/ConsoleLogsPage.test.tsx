import type { MockLink } from '@apollo/client/testing';
import { act, fireEvent, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CommandLogDocument,
  CommandLogsDocument,
  type CommandLogFilter,
  type CommandResultType,
  type LogDetailFragment,
} from '../../../generated/graphql';
import { graphQLErrorResult } from '../../../test/fixtures';
import { renderWithProviders, signedIn } from '../../../test/render';
import { LOG_SEARCH_DEBOUNCE_MS, PANEL_CLEAR_DELAY_MS } from '../log-format';
import { ConsoleLogsPage } from './ConsoleLogsPage';

const NOW = Date.parse('2026-05-20T12:00:00.000Z');
const USER_ID = '6d1f5a3e-0000-4000-8000-00000000a11c';

function log(n: number, overrides: Partial<LogDetailFragment> = {}): LogDetailFragment {
  return {
    __typename: 'CommandLog',
    id: `00000000-0000-4000-8000-0000000${String(n).padStart(5, '0')}`,
    userId: USER_ID,
    command: `echo ${n}`,
    type: 'output' as CommandResultType,
    output: String(n),
    success: true,
    createdAt: new Date(NOW - n * 60_000).toISOString(),
    ...overrides,
  };
}

const row = ({ id, command, type, success, createdAt }: LogDetailFragment) => ({ __typename: 'CommandLog' as const, id, command, type, success, createdAt });

const DEFAULT_FILTER: CommandLogFilter = { page: 1, pageSize: 20 };

function logsMock(
  filter: Partial<CommandLogFilter>,
  logs: LogDetailFragment[],
  { total = logs.length, totalPages = Math.ceil(total / 20), delay }: { total?: number; totalPages?: number; delay?: number } = {},
): MockLink.MockedResponse {
  const variables = { filter: { ...DEFAULT_FILTER, ...filter } };
  return {
    request: { query: CommandLogsDocument, variables },
    result: {
      data: {
        commandLogs: { __typename: 'CommandLogPage', logs: logs.map(row), total, page: variables.filter.page ?? 1, totalPages },
      },
    },
    delay,
  };
}

function logMock(entry: LogDetailFragment): MockLink.MockedResponse {
  return { request: { query: CommandLogDocument, variables: { id: entry.id } }, result: { data: { commandLog: entry } } };
}

function renderPage(mocks: MockLink.MockedResponse[], route = '/dashboard/console-logs') {
  return renderWithProviders(<ConsoleLogsPage />, { auth: signedIn(), route, mocks });
}

const table = () => screen.findByRole('table', { name: 'Command logs' });
const rows = async () => within(await table()).getAllByRole('row').slice(1);
const panel = () => screen.getByTestId('log-detail-panel');
/** For fake-timer tests: Testing Library's find* wait on a real setTimeout(0) after they resolve. */
const rowsNow = () => within(screen.getByRole('table', { name: 'Command logs' })).getAllByRole('row').slice(1);

describe('ConsoleLogsPage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists the logs newest first with relative times, type, result and the last 8 characters of the id', async () => {
    renderPage([
      logsMock({}, [
        log(0),
        log(5, { type: 'error', success: false, command: 'nope' }),
        log(3 * 60, { type: 'info' }),
        log(2 * 24 * 60, { type: 'success' }),
        log(10 * 24 * 60),
      ]),
    ]);
    const [first, second, third, fourth, fifth] = await rows();
    expect(first).toHaveTextContent(/^just nowecho 0outputSuccess00000000$/);
    expect(second).toHaveTextContent(/^5 minutes agonopeerrorFailed00000005$/);
    expect(third).toHaveTextContent(/^3 hours ago/);
    expect(fourth).toHaveTextContent(/^2 days ago/);
    expect(fifth).toHaveTextContent(/^May 10, 2026/);
    expect(within(first).getByText('00000000')).toHaveAttribute('title', log(0).id);
    expect(screen.getByRole('heading', { level: 1, name: 'Console Logs' })).toBeInTheDocument();
    expect(screen.getByText('5 commands, newest first')).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    renderPage([logsMock({}, [])]);
    expect(await screen.findByText('No command logs found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Console' })).toHaveAttribute('href', '/dashboard/console');
  });

  it("shows the server's error with Retry, which loads the list", async () => {
    const { user } = renderPage([
      { request: { query: CommandLogsDocument, variables: { filter: DEFAULT_FILTER } }, result: graphQLErrorResult('Page must be a positive integer', 'BAD_USER_INPUT') },
      logsMock({}, [log(1)]),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Page must be a positive integer');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await rows()).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("falls back to 'Failed to fetch command logs'", async () => {
    renderPage([{ request: { query: CommandLogsDocument, variables: { filter: DEFAULT_FILTER } }, error: new Error('') }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch command logs');
  });

  it('filters by type and success, back on page 1, and keeps the filters in the URL', async () => {
    const { user, router } = renderPage(
      [
        logsMock({ page: 2 }, [log(21)], { total: 41 }),
        logsMock({ type: 'error' }, [log(2, { type: 'error', success: false })]),
        logsMock({ type: 'error', success: false }, [log(2, { type: 'error', success: false })]),
        logsMock({}, [log(1)]),
      ],
      '/dashboard/console-logs?page=2',
    );
    expect(await rows()).toHaveLength(1);
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Type'), 'error');
    expect(router.state.location.search).toBe('?type=error');
    await screen.findByText('echo 2');

    await user.selectOptions(screen.getByLabelText('Success'), 'Failed');
    expect(router.state.location.search).toBe('?type=error&success=false');
    expect(screen.getByLabelText('Type')).toHaveValue('error');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('');
    await screen.findByText('echo 1');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('reads the filters from the URL', async () => {
    renderPage([logsMock({ type: 'info', success: true, command: 'help', page: 3 }, [log(1, { type: 'info' })], { total: 60 })], '/dashboard/console-logs?type=info&success=true&command=help&page=3');
    expect(await rows()).toHaveLength(1);
    expect(screen.getByLabelText('Type')).toHaveValue('info');
    expect(screen.getByLabelText('Success')).toHaveValue('true');
    expect(screen.getByLabelText('Command')).toHaveValue('help');
  });

  it('searches the command text 500 ms after the last keystroke', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(NOW);
    // Only the final text has a mock: a lookup for 'e' would fail and show an error banner.
    const { router } = renderPage([logsMock({}, [log(1), log(2)]), logsMock({ command: 'ec' }, [log(2)])]);
    await act(() => vi.runAllTimersAsync());
    expect(rowsNow()).toHaveLength(2);
    const search = screen.getByLabelText('Command');
    fireEvent.change(search, { target: { value: 'e' } });
    await act(() => vi.advanceTimersByTimeAsync(LOG_SEARCH_DEBOUNCE_MS - 1));
    fireEvent.change(search, { target: { value: 'ec ' } });
    await act(() => vi.advanceTimersByTimeAsync(LOG_SEARCH_DEBOUNCE_MS - 1));
    expect(router.state.location.search).toBe('');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.search).toBe('?command=ec');
    // The search is trimmed; the text being typed is not.
    expect(search).toHaveValue('ec ');
    await act(() => vi.runAllTimersAsync());
    expect(rowsNow()).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the search box in step with the URL: Clear filters empties it and Back restores it', async () => {
    const { user, router } = renderPage(
      [logsMock({ command: 'echo' }, [log(1)]), logsMock({}, [log(1), log(2)]), logsMock({ command: 'echo' }, [log(1)])],
      '/dashboard/console-logs?command=echo',
    );
    expect(await rows()).toHaveLength(1);
    const search = screen.getByRole('searchbox', { name: 'Command' });
    expect(search).toHaveValue('echo');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(search).toHaveValue('');
    expect(await rows()).toHaveLength(2);
    await act(() => router.navigate(-1));
    expect(search).toHaveValue('echo');
    expect(await rows()).toHaveLength(1);
  });

  it('pages with First, up to 3 page numbers and Last', async () => {
    const { user, router } = renderPage([
      logsMock({}, [log(1)], { total: 100 }),
      logsMock({ page: 5 }, [log(81)], { total: 100 }),
      logsMock({ page: 4 }, [log(61)], { total: 100 }),
      logsMock({}, [log(1)], { total: 100 }),
    ]);
    await rows();
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    const buttons = () => within(pager).getAllByRole('button').map((button) => button.textContent);
    expect(buttons()).toEqual(['First', '1', '2', '3', 'Last']);
    expect(within(pager).getByRole('button', { name: 'First' })).toBeDisabled();
    expect(within(pager).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(pager).getByRole('button', { name: 'Last' }));
    expect(router.state.location.search).toBe('?page=5');
    await screen.findByText('echo 81');
    expect(buttons()).toEqual(['First', '3', '4', '5', 'Last']);
    expect(within(pager).getByRole('button', { name: 'Last' })).toBeDisabled();

    await user.click(within(pager).getByRole('button', { name: 'Page 4' }));
    await screen.findByText('echo 61');
    expect(buttons()).toEqual(['First', '3', '4', '5', 'Last']);

    await user.click(within(pager).getByRole('button', { name: 'First' }));
    await screen.findByText('echo 1');
    expect(router.state.location.search).toBe('');
  });

  it('hides the pager when everything fits on one page', async () => {
    renderPage([logsMock({}, [log(1)])]);
    await rows();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  describe('detail panel', () => {
    const entry = log(7, { id: '11111111-2222-4333-8444-5555deadbeef', command: 'echo $(whoami)', output: '$(whoami)' });

    it('opens on a row click with the log loaded by id, ids shortened to 8 characters', async () => {
      const { user } = renderPage([logsMock({}, [entry]), logMock(entry)]);
      expect(panel()).toHaveAttribute('aria-hidden', 'true');
      await user.click((await rows())[0]);
      expect(panel()).toHaveAttribute('aria-hidden', 'false');
      const details = screen.getByRole('complementary', { name: 'Log details' });
      expect(await within(details).findByLabelText('Log output')).toHaveTextContent('$(whoami)');
      expect(within(details).getByText('deadbeef')).toHaveAttribute('title', entry.id);
      expect(within(details).getByText('0000a11c')).toHaveAttribute('title', USER_ID);
      expect(within(details).getByText('echo $(whoami)')).toBeInTheDocument();
      expect(within(details).getByText(/^7 minutes ago/)).toBeInTheDocument();
      expect(within(details).queryByText(/Long output/)).not.toBeInTheDocument();
    });

    it('labels the output with an element that may carry a label (no aria-label on <pre>)', async () => {
      const { user } = renderPage([logsMock({}, [entry]), logMock(entry)]);
      await user.click((await rows())[0]);
      await within(panel()).findByLabelText('Log output');
      // axe files a prohibited label on an element with text under "needs review", so both lists count.
      const { violations, incomplete } = await axe.run(panel(), { runOnly: ['aria-prohibited-attr', 'aria-allowed-attr'] });
      expect([...violations, ...incomplete].map((result) => result.id)).toEqual([]);
    });

    it('gives focus back to the row when its Close button closes it', async () => {
      const { user } = renderPage([logsMock({}, [entry]), logMock(entry)]);
      const [first] = await rows();
      await user.click(first);
      await user.click(within(panel()).getByRole('button', { name: 'Close details' }));
      expect(panel()).toHaveAttribute('aria-hidden', 'true');
      expect(first).toHaveFocus();
    });

    it('clears its content 300 ms after closing', async () => {
      vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
      vi.setSystemTime(NOW);
      renderPage([logsMock({}, [entry]), logMock(entry)]);
      await act(() => vi.runAllTimersAsync());
      fireEvent.click(rowsNow()[0]);
      await act(() => vi.runAllTimersAsync());
      expect(within(panel()).getByLabelText('Log output')).toBeInTheDocument();

      fireEvent.click(within(panel()).getByRole('button', { name: 'Close details', hidden: true }));
      expect(panel()).toHaveAttribute('aria-hidden', 'true');
      await act(() => vi.advanceTimersByTimeAsync(PANEL_CLEAR_DELAY_MS - 1));
      expect(within(panel()).getByLabelText('Log output')).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(within(panel()).queryByLabelText('Log output')).not.toBeInTheDocument();
    });

    it('keeps its content when another row opens within the 300 ms', async () => {
      vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
      vi.setSystemTime(NOW);
      renderPage([logsMock({}, [entry]), logMock(entry)]);
      await act(() => vi.runAllTimersAsync());
      fireEvent.click(rowsNow()[0]);
      await act(() => vi.runAllTimersAsync());
      fireEvent.keyDown(document, { key: 'Escape' });
      expect(panel()).toHaveAttribute('aria-hidden', 'true');
      await act(() => vi.advanceTimersByTimeAsync(PANEL_CLEAR_DELAY_MS - 100));
      fireEvent.keyDown(rowsNow()[0], { key: 'Enter' });
      await act(() => vi.advanceTimersByTimeAsync(PANEL_CLEAR_DELAY_MS));
      expect(panel()).toHaveAttribute('aria-hidden', 'false');
      expect(within(panel()).getByLabelText('Log output')).toHaveTextContent('$(whoami)');
    });

    it('notes an output longer than 1,000 characters above it', async () => {
      const long = log(1, { output: 'x'.repeat(1500) });
      const { user } = renderPage([logsMock({}, [long]), logMock(long)]);
      await user.click((await rows())[0]);
      const note = await within(panel()).findByText('Long output: 1,500 characters.');
      expect(note.compareDocumentPosition(within(panel()).getByLabelText('Log output'))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    });

    it("shows 'Failed to fetch log details' when the log cannot be loaded", async () => {
      const { user } = renderPage([
        logsMock({}, [entry]),
        { request: { query: CommandLogDocument, variables: { id: entry.id } }, result: graphQLErrorResult('Command log not found', 'NOT_FOUND') },
      ]);
      await user.click((await rows())[0]);
      expect(await within(panel()).findByRole('alert')).toHaveTextContent('Failed to fetch log details');
    });
  });
});
