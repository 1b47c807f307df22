import pg from "pg";
import type { LiveChannel, LiveEvent } from "~/lib/live-channels";
import { isLiveChannel } from "~/lib/live-channels";
import { directDatabaseUrl, getEnv } from "~/services/env.server";
import { logger } from "~/services/logger.server";
import { singleton } from "~/services/singleton.server";

/**
 * Every logical channel (alerts:{userId}, market:{propertyId}, admin) rides on this one
 * PostgreSQL channel, with the logical name inside the payload. One LISTEN per process then
 * covers every subscriber, no LISTEN/UNLISTEN round trip happens as browsers come and go,
 * and ids never meet PostgreSQL's 63-byte identifier limit or its quoting rules. The price
 * is that each process hears all events and drops the ones nobody here subscribed to.
 */
export const PHYSICAL_CHANNEL = "aangan_events";

/**
 * The channel that tells every process to forget its cached public pages: the property
 * triggers notify it (migration 20261124200100_page_cache_and_indexes), and so does a purchase's
 * announcement after commit (announceAfterCommit). server/micro-cache.ts listens.
 */
export const PAGE_CACHE_CHANNEL = "aangan_page_cache";

export type BusMessage =
  | ({ kind: "event" } & LiveEvent)
  /** The LISTEN connection was lost and is back: events may have been missed. */
  | { kind: "resync" }
  /** The process is stopping; the subscription is over. */
  | { kind: "closed" };

export type BusListener = (message: BusMessage) => void;

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 15_000;

/** One dedicated LISTEN connection per process, fanning notifications out to subscribers. */
export class RealtimeBus {
  private client: pg.Client | undefined;
  private readonly subscribers = new Map<BusListener, ReadonlySet<LiveChannel>>();
  private stopped = false;
  private failures = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private readonly gone = new WeakSet<pg.Client>();
  private listening: Promise<void>;
  private markListening: () => void = () => undefined;

  constructor(private readonly databaseUrl: string) {
    this.listening = this.pendingListening();
  }

  /** Connects and listens; a failure is retried in the background, like a dropped connection. */
  async start(): Promise<void> {
    await this.connect(false);
  }

  /** Resolves once the LISTEN connection is up (at once when it already is). */
  whenListening(): Promise<void> {
    return this.listening;
  }

  subscribe(channels: readonly LiveChannel[], listener: BusListener): () => void {
    if (this.stopped) {
      queueMicrotask(() => this.deliver(listener, { kind: "closed" }));
      return () => undefined;
    }
    this.subscribers.set(listener, new Set(channels));
    return () => {
      this.subscribers.delete(listener);
    };
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  /** Ends every subscription (streams close and clients reconnect elsewhere), then the connection. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    for (const listener of [...this.subscribers.keys()]) this.deliver(listener, { kind: "closed" });
    this.subscribers.clear();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private pendingListening(): Promise<void> {
    return new Promise((resolve) => (this.markListening = resolve));
  }

  private async connect(afterLoss: boolean): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: "aangan-realtime", keepAlive: true });
    client.on("notification", (notification) => {
      if (notification.channel === PHYSICAL_CHANNEL && notification.payload) this.dispatch(notification.payload);
    });
    client.on("error", (error) => this.lost(client, error));
    client.on("end", () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${PHYSICAL_CHANNEL}`);
    } catch (error) {
      this.lost(client, error);
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.failures = 0;
    this.markListening();
    if (afterLoss) {
      logger.info("realtime: listening again");
      for (const listener of [...this.subscribers.keys()]) this.deliver(listener, { kind: "resync" });
    }
  }

  private lost(client: pg.Client, error?: unknown) {
    if (this.gone.has(client)) return;
    this.gone.add(client);
    client.removeAllListeners("end");
    client.removeAllListeners("error");
    client.on("error", () => undefined);
    void client.end().catch(() => undefined);
    if (this.stopped || (this.client !== undefined && this.client !== client)) return;
    if (this.client === client) {
      this.client = undefined;
      this.listening = this.pendingListening();
    }
    this.failures += 1;
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** (this.failures - 1));
    logger.warn({ err: error, retryInMs: delay }, "realtime: LISTEN connection lost; reconnecting");
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => void this.connect(true), delay);
    this.reconnectTimer.unref();
  }

  private dispatch(payload: string) {
    let event: LiveEvent;
    try {
      event = parseLiveEvent(payload);
    } catch {
      logger.warn({ payload: payload.slice(0, 200) }, "realtime: ignoring a malformed notification");
      return;
    }
    for (const [listener, channels] of this.subscribers) {
      if (channels.has(event.channel)) this.deliver(listener, { kind: "event", ...event });
    }
  }

  private deliver(listener: BusListener, message: BusMessage) {
    try {
      listener(message);
    } catch (error) {
      logger.warn({ err: error }, "realtime: a subscriber failed");
    }
  }
}

export function parseLiveEvent(payload: string): LiveEvent {
  const value = JSON.parse(payload) as Partial<LiveEvent>;
  if (typeof value.channel !== "string" || !isLiveChannel(value.channel) || typeof value.type !== "string") {
    throw new Error("not a live event");
  }
  return { channel: value.channel, type: value.type, id: typeof value.id === "string" ? value.id : null };
}

// One per process: server.ts and the Remix build both reach the process's one LISTEN connection.
const holder = singleton("realtime-bus", (): { bus?: RealtimeBus } => ({}));

/** Starts the process's bus (server.ts does, at boot). */
export async function startRealtime(databaseUrl: string): Promise<RealtimeBus> {
  if (!holder.bus || holder.bus.isStopped) {
    holder.bus = new RealtimeBus(databaseUrl);
    await holder.bus.start();
  }
  return holder.bus;
}

/** The process's bus; started on first use from the environment's database where server.ts did not start it. */
export function getRealtimeBus(): RealtimeBus {
  if (!holder.bus) {
    // LISTEN belongs to a session: never through a pooler in transaction mode.
    const url = directDatabaseUrl(getEnv());
    if (!url) throw new Error("DATABASE_URL is not set; the realtime bus cannot listen");
    holder.bus = new RealtimeBus(url);
    void holder.bus.start();
  }
  return holder.bus;
}

/** Ends every stream of the process. The stopped bus stays in place, so a request still in
 * flight during shutdown gets a closed stream rather than a new connection. */
export async function stopRealtime(): Promise<void> {
  await holder.bus?.stop();
}

/** Subscribes to logical channels on the process's bus; returns the unsubscribe. */
export function subscribe(channels: readonly LiveChannel[], listener: BusListener): () => void {
  return getRealtimeBus().subscribe(channels, listener);
}
