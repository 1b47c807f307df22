import { ADMIN_CHANNEL, alertsChannel, isLiveChannel, marketChannel, type LiveChannel } from "~/lib/live-channels";
import type { Db } from "~/services/db.server";
import { DomainError } from "~/domain/errors";
import { isPubliclyVisible } from "~/domain/properties/property-display";

/** What a client asked to hear (GET /events?property=…&admin=1&channel=…&user=…). */
export type LiveChannelRequest = {
  properties: string[];
  admin: boolean;
  /** Raw channel names asked for by name (alerts:…, market:…, admin). */
  channels: string[];
  /** Whose alerts, when the client names a user. */
  users: string[];
};

const MAX_PROPERTIES = 10;

const refuse = () => new DomainError("live_channel_forbidden", "You may not listen to that channel.", 403);
const notFound = () => new DomainError("property_not_found", "Property Not Found", 404);

/**
 * The channels a signed-in viewer may hear: their own alerts always; a property's market
 * when the property is one they may see (drafts are for admins only); admin for admins.
 * Asking for anything else, another user's alerts above all, is refused as a whole.
 */
export async function resolveLiveChannels(
  db: Db,
  viewer: { id: string; isAdmin: boolean },
  wanted: LiveChannelRequest,
): Promise<LiveChannel[]> {
  const channels = new Set<LiveChannel>([alertsChannel(viewer.id)]);
  const properties = new Set(wanted.properties);

  for (const user of wanted.users) {
    if (user !== viewer.id) throw refuse();
  }
  for (const name of wanted.channels) {
    if (!isLiveChannel(name)) throw refuse();
    if (name === ADMIN_CHANNEL) {
      if (!viewer.isAdmin) throw refuse();
      channels.add(name);
    } else if (name.startsWith("alerts:")) {
      if (name !== alertsChannel(viewer.id)) throw refuse();
    } else {
      properties.add(name.slice("market:".length));
    }
  }
  if (wanted.admin) {
    if (!viewer.isAdmin) throw refuse();
    channels.add(ADMIN_CHANNEL);
  }

  if (properties.size > MAX_PROPERTIES) throw refuse();
  if (properties.size > 0) {
    const ids = [...properties];
    if (!ids.every((id) => isLiveChannel(marketChannel(id)))) throw notFound();
    const rows = await db.property.findMany({ where: { id: { in: ids } }, select: { id: true, propertyStatus: true } });
    for (const id of ids) {
      const row = rows.find((candidate) => candidate.id === id);
      if (!row || (!isPubliclyVisible(row.propertyStatus) && !viewer.isAdmin)) throw notFound();
      channels.add(marketChannel(id));
    }
  }
  return [...channels];
}
