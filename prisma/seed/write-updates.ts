import { saveAlertPreferencesIn } from "~/domain/alert-rules/alert-preferences.server";
import { publishPropertyUpdateIn } from "~/domain/property-updates/publish-update.server";
import { Decimal } from "~/lib/money";
import type { SeedContext } from "./context";
import { demoId } from "./ids";
import { PERSONAS, userId } from "./personas";

type DemoUpdate = { propertyId: string; slug: string; daysAgo: number; title: string; body: string; statusLabel: string };

/** A short history of updates with their labels on the properties the demo investors hold (ADR 0070). */
const UPDATES: DemoUpdate[] = [
  {
    propertyId: "whitefield-tech-suites",
    slug: "fit-out",
    daysAgo: 100,
    title: "Tenant fit-out complete",
    body: "The tenant finished its fit-out of floors two to four and started paying rent this month, as the lease provides.",
    statusLabel: "performing",
  },
  {
    propertyId: "whitefield-tech-suites",
    slug: "renewal-talks",
    daysAgo: 12,
    title: "Lease renewal talks under way",
    body: "The tenant asked to discuss its renewal a year before the lock-in ends. Rent continues to be paid on time while we talk.",
    statusLabel: "watch",
  },
  {
    propertyId: "baner-greens-villas",
    slug: "painting",
    daysAgo: 60,
    title: "Exterior repainting",
    body: "The villas' exteriors are being repainted before the monsoon. The work is paid from the maintenance reserve.",
    statusLabel: "performing",
  },
  {
    propertyId: "baner-greens-villas",
    slug: "vacancy",
    daysAgo: 8,
    title: "Villa 3 vacant from next month",
    body: "The family renting villa 3 is moving out. Distributions are paused until a new tenant signs; we will post each viewing.",
    statusLabel: "distribution_paused",
  },
  {
    propertyId: "dummy-1",
    slug: "annual-review",
    daysAgo: 30,
    title: "Annual review",
    body: "Occupancy stayed at 100% through the year and the maintenance costs came in under budget.",
    statusLabel: "performing",
  },
];

/** Publishes the demo updates through the domain, back-dated; a second run finds them and adds nothing. */
export async function writePropertyUpdates({ tx, clock }: SeedContext): Promise<void> {
  const admin = userId(PERSONAS.admin.email);
  for (const update of [...UPDATES].sort((a, b) => b.daysAgo - a.daysAgo)) {
    const id = demoId(`property-update:${update.propertyId}:${update.slug}`);
    if (await tx.propertyUpdate.findUnique({ where: { id }, select: { id: true } })) continue;
    const exists = await tx.property.findUnique({ where: { id: update.propertyId }, select: { id: true } });
    if (!exists) continue;
    await publishPropertyUpdateIn(tx, { ...update, adminId: admin, id }, clock.daysAgo(update.daysAgo, 6));
  }
  // The large investor has chosen alerts, so /dashboard/notifications shows the settings in use.
  await saveAlertPreferencesIn(tx, userId(PERSONAS.large.email), {
    navMovePercent: new Decimal("5"),
    distributionChanges: true,
    statusLabelChanges: true,
  });
}
