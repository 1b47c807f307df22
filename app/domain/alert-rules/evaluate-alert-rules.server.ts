import { createUserAlert } from "~/domain/alerts/create-user-alert.server";
import { currentStatusLabels } from "~/domain/property-updates/list-updates.server";
import { Decimal, formatINR } from "~/lib/money";
import { statusLabelText } from "~/lib/property-updates";
import { runTransaction, type Db, type PrismaClient, type Tx } from "~/services/db.server";
import { decideCrossing, movePercent, type AlertRule, type Observation, type RuleState } from "./crossing";
import { latestNavPerShare, type NavSource } from "./latest-nav.server";

type Check = {
  userId: string;
  propertyId: string;
  title: string;
  rule: AlertRule;
  observation: Observation;
  /** The alert's words, given what was observed before (the reference a change or move is from). */
  alert: (previous: RuleState | null) => { title: string; message: string };
};

type LatestDistribution = { id: string; basis: string; amount: string; payment_date: string };

/**
 * Checks every investor's chosen rules (ADR 0070) against what is true now and alerts on each
 * crossing: one transaction per investor, rule and property, in which the last observed state is
 * locked, compared, rewritten and the alert written, so a check repeated (or run by two
 * processes) alerts once. `nav` answers the latest NAV per share (none yet: see latest-nav).
 */
export async function evaluateAlertRules(
  db: PrismaClient,
  now: Date = new Date(),
  nav: NavSource = latestNavPerShare,
): Promise<{ checked: number; fired: number }> {
  const checks = await collectChecks(db, now, nav);
  let fired = 0;
  for (const check of checks) {
    const didFire = await runTransaction(db, "alert-rules.observe", (tx) => observe(tx, check, now));
    if (didFire) fired += 1;
  }
  return { checked: checks.length, fired };
}

async function observe(tx: Tx, check: Check, now: Date): Promise<boolean> {
  const [previous] = await tx.$queryRaw<RuleState[]>`
    SELECT met, reference FROM alert_rule_states
     WHERE user_id = ${check.userId}::uuid AND rule = ${check.rule} AND property_id = ${check.propertyId}
       FOR UPDATE`;
  const { fire, next } = decideCrossing(previous ?? null, check.observation);
  const firedAt = fire ? now : null;
  if (!previous) {
    // A concurrent first observation inserted the row already: that one decided.
    const inserted = await tx.$executeRaw`
      INSERT INTO alert_rule_states (user_id, rule, property_id, met, reference, observed_at, fired_at)
      VALUES (${check.userId}::uuid, ${check.rule}, ${check.propertyId}, ${next.met}, ${next.reference}, ${now}, ${firedAt})
      ON CONFLICT DO NOTHING`;
    if (inserted === 0) return false;
  } else {
    await tx.$executeRaw`
      UPDATE alert_rule_states
         SET met = ${next.met}, reference = ${next.reference}, observed_at = ${now}, fired_at = COALESCE(${firedAt}, fired_at)
       WHERE user_id = ${check.userId}::uuid AND rule = ${check.rule} AND property_id = ${check.propertyId}`;
  }
  if (!fire) return false;
  const words = check.alert(previous ?? null);
  await createUserAlert(tx, { userId: check.userId, alertType: `rule_${check.rule}`, propertyId: check.propertyId, ...words });
  return true;
}

/** Every (investor, rule, property) to check now, with what each sees. */
async function collectChecks(db: Db, now: Date, nav: NavSource): Promise<Check[]> {
  const [preferences, priceAlerts] = await Promise.all([
    db.alertPreference.findMany({
      where: { OR: [{ navMovePercent: { not: null } }, { distributionChanges: true }, { statusLabelChanges: true }] },
    }),
    db.$queryRaw<{ user_id: string; property_id: string; title: string; below_price: string; lowest: string | null }[]>`
      SELECT a.user_id::text AS user_id, a.property_id, p.title, a.below_price::text AS below_price,
             (SELECT MIN(r.price_per_share) FROM share_sell_requests r
               WHERE r.property_id = a.property_id AND r.status = 'active' AND r.expires_at > ${now}
                 AND r.remaining_shares > r.held_shares AND r.seller_id <> a.user_id)::text AS lowest
        FROM price_alerts a
        JOIN watchlist w ON w.user_id = a.user_id AND w.property_id = a.property_id
        JOIN properties p ON p.id = a.property_id
       ORDER BY a.user_id, a.property_id`,
  ]);
  const checks: Check[] = priceAlerts.map((row) => ({
    userId: row.user_id,
    propertyId: row.property_id,
    title: row.title,
    rule: "listing_below",
    observation: { kind: "level", met: row.lowest !== null && new Decimal(row.lowest).lt(row.below_price) },
    alert: () => ({
      title: `${row.title}: a share listed below ${formatINR(row.below_price, { paise: true })}`,
      message: `A share of ${row.title} is listed at ${formatINR(row.lowest ?? "0", { paise: true })}, below the ${formatINR(row.below_price, { paise: true })} you set.`,
    }),
  }));
  if (preferences.length === 0) return checks;

  const userIds = preferences.map((p) => p.userId);
  const followed = await db.$queryRaw<{ user_id: string; property_id: string; title: string }[]>`
    SELECT f.user_id::text AS user_id, f.property_id, p.title
      FROM (SELECT user_id, property_id FROM user_property_positions WHERE shares > 0 AND user_id = ANY(${userIds}::uuid[])
            UNION
            SELECT user_id, property_id FROM watchlist WHERE user_id = ANY(${userIds}::uuid[])) f
      JOIN properties p ON p.id = f.property_id
     WHERE p.property_status <> 'draft'
     ORDER BY f.user_id, f.property_id`;
  const propertyIds = [...new Set(followed.map((f) => f.property_id))];
  const [labels, distributions, navs] = await Promise.all([
    currentStatusLabels(db, propertyIds),
    latestDistributions(db, propertyIds),
    nav(db, propertyIds),
  ]);
  const preferenceOf = new Map(preferences.map((p) => [p.userId, p]));
  for (const { user_id: userId, property_id: propertyId, title } of followed) {
    const preference = preferenceOf.get(userId)!;
    const label = labels.get(propertyId) ?? null;
    const base = { userId, propertyId, title };
    const navNow = navs.get(propertyId) ?? null;
    if (preference.navMovePercent !== null && navNow !== null) {
      const percent = preference.navMovePercent.toString();
      checks.push({
        ...base,
        rule: "nav_move",
        observation: { kind: "move", value: navNow, percent },
        alert: (previous) => ({
          title: `${title}: NAV per share moved ${movePercent(previous!.reference!, navNow)}%`,
          message: `NAV per share is ${formatINR(navNow, { paise: true })}, from ${formatINR(previous!.reference!, { paise: true })} when you last heard; you asked to hear of moves over ${percent}%.`,
        }),
      });
    }
    if (preference.distributionChanges) {
      const latest = distributions.get(propertyId) ?? null;
      checks.push({
        ...base,
        rule: "distribution_declared",
        observation: { kind: "change", value: latest?.id ?? null },
        alert: () => ({
          title: `${title}: distribution declared`,
          message: latest
            ? `${formatINR(latest.amount, { paise: true })} ${latest.basis === "per_share" ? "a share" : "in total"}, to be paid on ${latest.payment_date}.`
            : "",
        }),
      });
      checks.push({
        ...base,
        rule: "distribution_paused",
        observation: { kind: "level", met: label === "distribution_paused" },
        alert: () => ({ title: `${title}: distributions paused`, message: `The latest update on ${title} pauses its distributions.` }),
      });
    }
    if (preference.statusLabelChanges) {
      checks.push({
        ...base,
        rule: "status_label",
        observation: { kind: "change", value: label },
        alert: (previous) => ({
          title: `${title}: status now ${statusLabelText(label ?? "")}`,
          message: previous?.reference
            ? `The status changed from ${statusLabelText(previous.reference)} to ${statusLabelText(label ?? "")}.`
            : `The property's first status is ${statusLabelText(label ?? "")}.`,
        }),
      });
    }
  }
  return checks;
}

async function latestDistributions(db: Db, propertyIds: string[]): Promise<Map<string, LatestDistribution>> {
  if (propertyIds.length === 0) return new Map();
  const rows = await db.$queryRaw<(LatestDistribution & { property_id: string })[]>`
    SELECT DISTINCT ON (property_id) property_id, id::text AS id, basis,
           COALESCE(declared_per_share, total_amount)::text AS amount, payment_date::text AS payment_date
      FROM property_distributions
     WHERE property_id = ANY(${propertyIds}::text[])
     ORDER BY property_id, created_at DESC, id DESC`;
  return new Map(rows.map(({ property_id, ...row }) => [property_id, row]));
}
