import { useCallback, useMemo, useRef, useState } from 'react';
import type { CommandResultType } from '../../../generated/graphql';
import { useExecuteCommandMutation } from '../../../generated/hooks';
import { commandFailureText } from '../commands/command-failure';
import { localCommand } from '../commands/local-commands';

export interface TerminalEntry {
  id: number;
  command: string;
  /** Absent while the server is still answering. */
  result?: { type: CommandResultType; output: string };
}

/** The terminal's output: each command with its result, local ones answered here and the rest by the server. */
export function useTerminal() {
  const [entries, setEntries] = useState<readonly TerminalEntry[]>([]);
  const nextId = useRef(0);
  const [executeCommand] = useExecuteCommandMutation();

  const clear = useCallback(() => setEntries([]), []);

  const settle = useCallback((id: number, result: TerminalEntry['result']) => {
    // After a clear the entry is gone, and its late answer with it.
    setEntries((current) => current.map((entry) => (entry.id === id ? { ...entry, result } : entry)));
  }, []);

  const run = useCallback(
    async (command: string) => {
      const local = localCommand(command);
      if (local?.kind === 'clear') return clear();
      const id = nextId.current++;
      if (local) {
        setEntries((current) => [...current, { id, command, result: { type: local.type, output: local.output } }]);
        return;
      }
      setEntries((current) => [...current, { id, command }]);
      try {
        const { data } = await executeCommand({ variables: { command } });
        const result = data?.executeCommand;
        settle(id, result ? { type: result.type, output: result.output } : { type: 'error', output: commandFailureText(undefined) });
      } catch (error) {
        settle(id, { type: 'error', output: commandFailureText(error) });
      }
    },
    [clear, executeCommand, settle],
  );

  return useMemo(() => ({ entries, run, clear }), [entries, run, clear]);
}
