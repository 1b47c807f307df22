import type { PropertyValueView } from "~/components/valuations/property-value-section";
import { getPropertyValueStory } from "~/domain/valuations/property-valuations.server";
import { layoutNavHistory } from "~/lib/charts/nav-history-layout";
import type { Db } from "~/services/db.server";

/** A property's value story with its chart laid out here, so the browser gets geometry and no chart library (ADR 0042). */
export async function loadPropertyValueView(db: Db, propertyId: string): Promise<PropertyValueView | null> {
  const story = await getPropertyValueStory(db, propertyId);
  if (!story) return null;
  return { story, chart: layoutNavHistory({ nav: story.navHistory, trades: story.trades, issuePrice: story.issuePrice }) };
}
