import type { WebSocket } from 'ws';
import { AppError, ErrorCode } from '../common/app-error.js';
import type { EventBus } from '../events/event-bus.js';
import type { Authenticate } from '../http/auth-middleware.js';
import type { Authenticated } from '../modules/auth/token.service.js';

/** The same limit as an HTTP body (JSON_BODY_LIMIT): a bigger message closes the socket with 1009. */
export const WS_MAX_PAYLOAD_BYTES = 100 * 1024;
/** graphql-ws sockets one signed-in user may hold open at once, unless SLIPWAY_WS_SOCKETS_PER_USER says otherwise. */
export const DEFAULT_WS_SOCKETS_PER_USER = 10;
/** graphql-ws subscriptions one signed-in user may have running at once, over all their sockets (SLIPWAY_WS_SUBSCRIPTIONS_PER_USER). */
export const DEFAULT_WS_SUBSCRIPTIONS_PER_USER = 50;

/** The per-user graphql-ws limits, as configured (the SocketGuard enforces them). */
export interface WsLimits {
  socketsPerUser: number;
  subscriptionsPerUser: number;
}
/** Sockets not (yet) signed in, per client address: each costs memory and an init timer. */
export const MAX_ANONYMOUS_SOCKETS_PER_ADDRESS = 20;

/** graphql-ws's own codes: Forbidden ends a session's socket, TooManyInitialisationRequests the surplus ones. */
export const CLOSE_FORBIDDEN = 4403;
export const CLOSE_TOO_MANY = 4429;

interface Tracked {
  address: string;
  token: string | null;
  auth: Authenticated | null;
  subscriptions: Set<string>;
  /** Closes the socket when its credential expires. */
  expiry?: NodeJS.Timeout;
}

/** setTimeout's longest delay; a credential further off is checked again on each operation instead. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Every open graphql-ws socket with its sign-in and subscriptions: enforces the per-user and per-address
 * limits, and closes a socket (4403) as soon as its session or access token ends — logout, revocation, expiry,
 * password change, role change, deletion — which stops its subscriptions. Events come from the bus, so this holds across API processes.
 */
export class SocketGuard {
  private readonly sockets = new Map<WebSocket, Tracked>();

  constructor(
    private readonly authenticate: Authenticate,
    bus: EventBus,
    private readonly limits: WsLimits = { socketsPerUser: DEFAULT_WS_SOCKETS_PER_USER, subscriptionsPerUser: DEFAULT_WS_SUBSCRIPTIONS_PER_USER },
  ) {
    bus.subscribe('session.revoked', ({ sessionId }) => {
      for (const [socket, tracked] of this.sockets) if (tracked.auth?.sessionId === sessionId) this.end(socket);
    });
    bus.subscribe('user.changed', ({ userId }) => {
      for (const [socket, tracked] of this.sockets) if (tracked.auth?.user.id === userId) void this.recheck(socket);
    });
    // Events may have been missed: check every signed-in socket again.
    bus.onGap(() => {
      for (const [socket, tracked] of this.sockets) if (tracked.auth) void this.recheck(socket);
    });
  }

  /** A new socket: refused (4429) when its address already holds too many anonymous ones. */
  opened(socket: WebSocket, address: string): void {
    let anonymous = 0;
    for (const tracked of this.sockets.values()) if (!tracked.auth && tracked.address === address) anonymous += 1;
    if (anonymous >= MAX_ANONYMOUS_SOCKETS_PER_ADDRESS) {
      socket.close(CLOSE_TOO_MANY, 'Too many connections');
      return;
    }
    this.sockets.set(socket, { address, token: null, auth: null, subscriptions: new Set() });
    socket.once('close', () => {
      clearTimeout(this.sockets.get(socket)?.expiry);
      this.sockets.delete(socket);
    });
  }

  /** Records the socket's sign-in; false when the user already has too many sockets open. */
  signedIn(socket: WebSocket, authorization: string, auth: Authenticated): boolean {
    const tracked = this.sockets.get(socket);
    if (!tracked) return false;
    if (this.ofUser(auth.user.id).length >= this.limits.socketsPerUser) return false;
    Object.assign(tracked, { token: authorization, auth });
    const left = auth.expiresAt === undefined ? Infinity : auth.expiresAt - Date.now();
    if (left <= MAX_TIMER_MS) tracked.expiry = setTimeout(() => this.end(socket), Math.max(0, left));
    return true;
  }

  /**
   * Before every operation: the socket's session, checked again. Undefined when the socket is anonymous;
   * when the session has ended the socket is closed and null returned.
   */
  async current(socket: WebSocket): Promise<Authenticated | null | undefined> {
    const tracked = this.sockets.get(socket);
    if (!tracked) return null;
    if (!tracked.auth) return undefined;
    return this.recheck(socket);
  }

  /** Counts a subscription against its user (or anonymous socket); false when over the limit. */
  subscribe(socket: WebSocket, id: string): boolean {
    const tracked = this.sockets.get(socket);
    if (!tracked) return false;
    const peers = tracked.auth ? this.ofUser(tracked.auth.user.id) : [tracked];
    const open = peers.reduce((sum, peer) => sum + peer.subscriptions.size, 0);
    if (open >= this.limits.subscriptionsPerUser) return false;
    tracked.subscriptions.add(id);
    return true;
  }

  completed(socket: WebSocket, id: string): void {
    this.sockets.get(socket)?.subscriptions.delete(id);
  }

  private ofUser(userId: string): Tracked[] {
    return [...this.sockets.values()].filter((tracked) => tracked.auth?.user.id === userId);
  }

  /** A role change ends the socket too: its operations were authorised for the old role. */
  private async recheck(socket: WebSocket): Promise<Authenticated | null> {
    const tracked = this.sockets.get(socket);
    if (!tracked?.auth || !tracked.token) return null;
    let auth: Authenticated | null;
    try {
      auth = await this.authenticate(tracked.token);
    } catch (error) {
      // A failing check (the database down) is not a signed-out user: the socket keeps its session.
      if (!(error instanceof AppError && error.code === ErrorCode.Unauthenticated)) return tracked.auth;
      auth = null;
    }
    if (!auth || auth.user.role !== tracked.auth.user.role) {
      this.end(socket);
      return null;
    }
    tracked.auth = auth;
    return auth;
  }

  private end(socket: WebSocket): void {
    clearTimeout(this.sockets.get(socket)?.expiry);
    this.sockets.delete(socket);
    socket.close(CLOSE_FORBIDDEN, 'Forbidden');
  }
}
