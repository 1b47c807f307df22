import { paths } from "~/lib/paths";
/**
 * The logical channels live updates travel on, shared by the server (publish, authorize)
 * and the browser (which URL to open). A channel says whose data changed, never the data:
 * a client that hears an event reloads through its loaders, which apply every guard again.
 */
export type LiveChannel = `alerts:${string}` | `market:${string}` | "admin";

export const ADMIN_CHANNEL = "admin" satisfies LiveChannel;

export const alertsChannel = (userId: string): LiveChannel => `alerts:${userId}`;
export const marketChannel = (propertyId: string): LiveChannel => `market:${propertyId}`;

// Ids are uuids or short slugs; the bound keeps a payload far below NOTIFY's 8000 bytes.
const CHANNEL_PATTERN = /^(?:admin|(?:alerts|market):[A-Za-z0-9_-]{1,100})$/;

export function isLiveChannel(value: string): value is LiveChannel {
  return CHANNEL_PATTERN.test(value);
}

/** What travels on a channel: what happened and to which record. */
export type LiveEvent = { channel: LiveChannel; type: string; id: string | null };

/** Where a page opens its event stream. */
export function liveEventsPath(options: { property?: string; admin?: boolean } = {}): string {
  return paths.events({ property: options.property, admin: options.admin ? "1" : undefined });
}
