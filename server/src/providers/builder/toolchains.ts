import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';

/**
 * The toolchains local builds and apps run with: what templates declare they need (template.json `toolchains`),
 * how Slipway finds them on this server, and how to install one that is missing.
 */
export interface Toolchain {
  /** What template.json names it by. */
  id: string;
  name: string;
  /** The programs it provides, its main one first: a build whose missing command is one of these needs this toolchain. */
  commands: readonly string[];
  /** How to get it on the server, as the end of a sentence. */
  install: string;
}

export const TOOLCHAINS: readonly Toolchain[] = [
  {
    id: 'go',
    name: 'Go',
    commands: ['go', 'gofmt'],
    install: 'install Go on the Slipway server (Debian or Ubuntu: apt-get install golang-go; elsewhere: https://go.dev/doc/install)',
  },
  {
    id: 'node',
    name: 'Node.js',
    commands: ['node', 'npm'],
    install: 'install Node.js 20 or later on the Slipway server (https://nodejs.org/en/download)',
  },
];

/**
 * Where local builds and apps find their programs (the PATH local-builder.ts and app-instance.ts give them): the
 * Node.js that runs Slipway, then the system's; never Slipway's own PATH.
 */
export const TOOLCHAIN_PATH: readonly string[] = [...new Set([path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'])];

export const toolchainById = (id: string): Toolchain | undefined => TOOLCHAINS.find((toolchain) => toolchain.id === id);

/** Whether the toolchain's main program is an executable file in a directory of the search path. */
export async function hasToolchain(toolchain: Toolchain, searchPath: readonly string[] = TOOLCHAIN_PATH): Promise<boolean> {
  for (const dir of searchPath) {
    try {
      await access(path.join(dir, toolchain.commands[0]), constants.X_OK);
      return true;
    } catch {
      // Not here (or not executable): the next place.
    }
  }
  return false;
}

/** Why a build command could not start because its program is missing, with how to install it when it belongs to a known toolchain. */
export function commandNotFound(subject: string, command: string): string {
  const reason = `${subject} could not start: ${command} was not found`;
  const toolchain = TOOLCHAINS.find((entry) => entry.commands.includes(command));
  return toolchain ? `${reason}. ${toolchain.name} is not installed on this server: ${toolchain.install}, then retry the step` : reason;
}
