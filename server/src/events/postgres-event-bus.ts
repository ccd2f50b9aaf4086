import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { logUnexpected } from '../common/log.js';
import type { AppEventHandler, AppEventTopic, AppEvents, EventBus } from './event-bus.js';

export const EVENT_CHANNEL = 'slipway_events';
/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more; events carry ids, never data. */
export const MAX_PAYLOAD_BYTES = 7999;
const RECONNECT_DELAY_MS = 1000;

/** What goes over NOTIFY: the publishing process, its sequence number, the topic and payload. */
export interface EventMessage {
  origin: string;
  seq: number;
  topic: string;
  payload: unknown;
}

/**
 * LISTEN/NOTIFY on the application's PostgreSQL. The publishing process delivers its own events at once and
 * skips their echo; the other processes hear them through their listening connection. Each process numbers
 * what it publishes and sends in that order, so a listener that sees a publisher's number jump knows it missed
 * something; so does one whose connection drops (events sent meanwhile are lost). Either way the bus is not
 * live while it is down, and subscribers are told about the gap so they can reload.
 */
export class PostgresEventBus implements EventBus {
  private readonly origin = randomUUID();
  private readonly local = new EventEmitter().setMaxListeners(0);
  private readonly gapHandlers = new Set<() => void>();
  /** The last sequence number heard from each other process. */
  private readonly lastSeq = new Map<string, number>();
  private seq = 0;
  /** Publishing one NOTIFY at a time keeps each process's numbers in order on the wire. */
  private sending: Promise<unknown> = Promise.resolve();
  private client: pg.Client | null = null;
  private live = false;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | undefined;

  private constructor(
    private readonly databaseUrl: string,
    private readonly notify: (channel: string, payload: string) => Promise<unknown>,
  ) {}

  /** `notify` runs pg_notify on the application's pool, so publishing needs no connection of its own. */
  static async start(databaseUrl: string, notify: (channel: string, payload: string) => Promise<unknown>): Promise<PostgresEventBus> {
    const bus = new PostgresEventBus(databaseUrl, notify);
    await bus.connect();
    return bus;
  }

  async publish<T extends AppEventTopic>(topic: T, payload: AppEvents[T]): Promise<void> {
    const message = JSON.stringify({ origin: this.origin, seq: this.seq + 1, topic, payload } satisfies EventMessage);
    if (Buffer.byteLength(message) > MAX_PAYLOAD_BYTES) {
      throw new Error(`Event "${topic}" is ${Buffer.byteLength(message)} bytes; NOTIFY takes at most ${MAX_PAYLOAD_BYTES}: publish ids, not data`);
    }
    this.seq += 1;
    this.local.emit(topic, payload);
    // A failed NOTIFY still used its number: the others see the jump and reload, as they should.
    const sent = this.sending.then(() => this.notify(EVENT_CHANNEL, message));
    this.sending = sent.catch(() => undefined);
    await sent;
  }

  subscribe<T extends AppEventTopic>(topic: T, handler: AppEventHandler<T>): () => void {
    this.local.on(topic, handler);
    return () => this.local.off(topic, handler);
  }

  isLive(): boolean {
    return this.live;
  }

  onGap(handler: () => void): () => void {
    this.gapHandlers.add(handler);
    return () => this.gapHandlers.delete(handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.live = false;
    clearTimeout(this.reconnectTimer);
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', (message) => this.receive(message.payload));
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENT_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
    this.live = true;
    // Numbers heard before the connection dropped say nothing about what comes after it.
    this.lastSeq.clear();
    this.gap();
  }

  private gap(): void {
    for (const handler of this.gapHandlers) handler();
  }

  private receive(raw: string | undefined): void {
    try {
      const { origin, seq, topic, payload } = JSON.parse(raw ?? '') as EventMessage;
      if (origin === this.origin) return;
      const last = this.lastSeq.get(origin);
      if (last !== undefined && seq > last + 1) this.gap();
      this.lastSeq.set(origin, Math.max(seq, last ?? 0));
      this.local.emit(topic, payload);
    } catch (error) {
      logUnexpected('event bus', error);
    }
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    this.live = false;
    client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed) return;
    this.reconnectTimer = setTimeout(() => {
      this.connect().catch(() => this.scheduleReconnect());
    }, RECONNECT_DELAY_MS);
    this.reconnectTimer.unref();
  }
}
