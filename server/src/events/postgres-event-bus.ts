import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { logUnexpected } from '../common/log.js';
import { type AppEventHandler, type AppEventTopic, type AppEvents, type EventBus, LocalDispatcher } from './event-bus.js';

export const EVENT_CHANNEL = 'slipway_events';
const RECONNECT_DELAY_MS = 1000;

/**
 * LISTEN/NOTIFY on the application's PostgreSQL. The publishing process delivers its own events at once and
 * skips their echo; the other processes hear them through their listening connection. While that connection is
 * down the bus is not live, and when it comes back listeners are told there was a gap, since events sent
 * meanwhile are lost.
 */
export class PostgresEventBus implements EventBus {
  private readonly origin = randomUUID();
  private readonly local = new LocalDispatcher();
  private readonly gapHandlers = new Set<() => void>();
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
    this.local.dispatch(topic, payload);
    await this.notify(EVENT_CHANNEL, JSON.stringify({ origin: this.origin, topic, payload }));
  }

  subscribe<T extends AppEventTopic>(topic: T, handler: AppEventHandler<T>): () => void {
    return this.local.on(topic, handler);
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
    for (const handler of this.gapHandlers) handler();
  }

  private receive(raw: string | undefined): void {
    try {
      const { origin, topic, payload } = JSON.parse(raw ?? '');
      if (origin !== this.origin) this.local.dispatch(topic, payload);
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
