import { endianness } from 'node:os';
import { readdir, readFile, readlink } from 'node:fs/promises';

/** A listening TCP socket, as the kernel lists it in /proc/net/tcp{,6}. */
export interface Listener {
  uid: number;
  inode: number;
}

const LITTLE_ENDIAN = endianness() === 'LE';
/** The addresses whose listeners take a connection to 127.0.0.1 (hex as /proc writes them, in host byte order). */
const IPV4_LOCAL = new Set(LITTLE_ENDIAN ? ['0100007F', '00000000'] : ['7F000001', '00000000']);
// `::` and `::ffff:127.0.0.1`: a dual-stack listener takes IPv4 connections too (v6only is not listed; counted as taking them).
const IPV6_LOCAL = new Set(['00000000000000000000000000000000', LITTLE_ENDIAN ? '0000000000000000FFFF00000100007F' : '00000000000000000000FFFF7F000001']);
const LISTEN = '0A';

async function listenersIn(file: string, local: Set<string>, port: number): Promise<Listener[] | null> {
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text === null) return null;
  const listeners: Listener[] = [];
  for (const line of text.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 10 || fields[3] !== LISTEN) continue;
    const [address, hexPort] = fields[1].split(':');
    if (parseInt(hexPort, 16) !== port || !local.has(address)) continue;
    listeners.push({ uid: Number(fields[7]), inode: Number(fields[9]) });
  }
  return listeners;
}

/** The sockets that would take a connection to 127.0.0.1:port; null where the kernel does not list them (not Linux). */
export async function listenersOn(port: number): Promise<Listener[] | null> {
  const [v4, v6] = await Promise.all([listenersIn('/proc/net/tcp', IPV4_LOCAL, port), listenersIn('/proc/net/tcp6', IPV6_LOCAL, port)]);
  return v4 === null ? null : [...v4, ...(v6 ?? [])];
}

/** `pid` and every process below it (a sandbox's or a start script's children hold the socket as often as it does). */
async function processTree(pid: number): Promise<number[]> {
  const parents = new Map<number, number[]>();
  for (const entry of await readdir('/proc').catch((): string[] => [])) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => null);
    if (stat === null) continue;
    // The parent id is the second field after the command name, which is in parentheses and may hold spaces.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)]);
  }
  const tree = [pid];
  for (let index = 0; index < tree.length; index++) tree.push(...(parents.get(tree[index]) ?? []));
  return tree;
}

/** Adds the inodes of the sockets `pid` holds open to `into`. */
async function socketsOf(pid: number, into: Set<number>): Promise<void> {
  for (const fd of await readdir(`/proc/${pid}/fd`).catch((): string[] => [])) {
    const match = /^socket:\[(\d+)\]$/.exec(await readlink(`/proc/${pid}/fd/${fd}`).catch(() => ''));
    if (match) into.add(Number(match[1]));
  }
}

/** Who a revision's process is: its user id and, where that user is not the app's alone, its process id. */
export interface PortClaimant {
  uid: number;
  /** Set when other programs may run as the same uid: the listening socket must then be held by this process or one below it. */
  pid?: number;
}

/**
 * Null when every socket that takes connections to 127.0.0.1:port belongs to the claimant (or, not on Linux, when
 * that cannot be told); otherwise why not, in words for the app's owner. A port nobody listens on is not the app's.
 */
export async function foreignListener(port: number, claimant: PortClaimant): Promise<string | null> {
  const listeners = await listenersOn(port);
  if (listeners === null) return null;
  if (listeners.length === 0) return `nothing listens on 127.0.0.1:${port}`;
  const stranger = listeners.find((listener) => listener.uid !== claimant.uid);
  if (stranger) return `port ${port} is held by another program (uid ${stranger.uid}), not by the revision`;
  if (claimant.pid === undefined) return null;
  const held = new Set<number>();
  for (const pid of await processTree(claimant.pid)) await socketsOf(pid, held);
  if (listeners.every((listener) => held.has(listener.inode))) return null;
  return `port ${port} is held by another program of the same user, not by the revision`;
}
