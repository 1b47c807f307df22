import { valuationFrom, type Valuation } from "~/domain/figures/valuation.server";
import { preparedQuery, type Db, type PreparedStatement } from "~/services/db.server";
import { navPerShare } from "./nav";
import { distributionsByYear, navChange, navSeries, type NavChange, type NavPoint, type YearOfDistributions } from "./performance";

export type ValuationRow = {
  id: string;
  valuer: string;
  valuationDate: string;
  value: string;
  debts: string;
  reserves: string;
  /** The NAV per share this valuation gave with the debts and reserves of its day. */
  navPerShare: string;
  status: "awaiting" | "recorded" | "rejected";
  recordedBy: string;
  decidedBy: string | null;
  createdAt: string;
};

type Person = { fullName: string | null; email: string };
const nameOf = (p: Person) => p.fullName ?? p.email;

/** Every valuation of a property, newest first, with who recorded and who decided it (the admin's table). */
export async function listPropertyValuations(db: Db, propertyId: string): Promise<ValuationRow[]> {
  const property = await db.property.findUnique({ where: { id: propertyId }, select: { totalShares: true } });
  if (!property) return [];
  const rows = await db.propertyValuation.findMany({
    where: { propertyId },
    orderBy: [{ valuationDate: "desc" }, { createdAt: "desc" }],
    select: {
      id: true,
      valuer: true,
      valuationDate: true,
      value: true,
      debts: true,
      reserves: true,
      status: true,
      createdAt: true,
      recorder: { select: { fullName: true, email: true } },
      decider: { select: { fullName: true, email: true } },
    },
  });
  return rows.map((row) => ({
    id: row.id,
    valuer: row.valuer,
    valuationDate: row.valuationDate.toISOString().slice(0, 10),
    value: row.value.toFixed(2),
    debts: row.debts.toFixed(2),
    reserves: row.reserves.toFixed(2),
    navPerShare: navPerShare({
      value: row.value.toFixed(2),
      debts: row.debts.toFixed(2),
      reserves: row.reserves.toFixed(2),
      totalShares: property.totalShares,
    }).toFixed(2),
    status: row.status as ValuationRow["status"],
    recordedBy: nameOf(row.recorder),
    decidedBy: row.decider ? nameOf(row.decider) : null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** What the investor pages show of a property's value over time and its realised history. */
export type PropertyValueStory = {
  issuePrice: string;
  totalShares: number;
  debts: string;
  reserves: string;
  /** The price positions are valued at now (the one valuation rule), with its source. */
  valuation: Valuation;
  /** NAV per share at each recorded valuation, oldest first; the last is today's NAV. */
  navHistory: NavPoint[];
  /** Recorded valuations, newest first, for the table. */
  valuations: { valuer: string; valuationDate: string; value: string; navPerShare: string }[];
  /** Settled resale prices, oldest first. */
  trades: { at: string; price: string }[];
  performance: PerformanceRecord;
};

/** The realised history (issue 29, item 6). `exit` is filled by the sale of the property once it has one. */
export type PerformanceRecord = {
  distributionsByYear: YearOfDistributions[];
  navChange: NavChange | null;
  exit: null;
};

const TRADE_POINTS = 500;

type ValueStoryRow = {
  share_price: string;
  total_shares: number;
  debts: string;
  reserves: string;
  valuations: { valuer: string; valuationDate: string; value: string; debts: string; reserves: string }[];
  /** Newest first, as the valuation rule reads them. */
  trades: { at: string; price: string }[];
  paid: { paymentDate: string; perShare: string }[];
};

// $1 the property. The property's figures, its recorded valuations (oldest first), its latest
// resales and its paid distributions in one statement (the invest page sends many reads; this
// was four). Money as text to the paisa, per-share distributions to four places, dates as the
// calendar dates they are, times in UTC. How many resales to draw is written in, not passed,
// so the statement is planned once (ADR 0090). The valuations are in the order that names a
// property's latest (date, recording time, then id), so the last of them is the one
// valuationPrices values holdings at, even for two recorded on one date at one instant.
const READ_VALUE_STORY: PreparedStatement = {
  name: "read_value_story",
  text: `
  SELECT round(p.share_price, 2)::text AS share_price, p.total_shares, round(p.debts, 2)::text AS debts,
         round(p.reserves, 2)::text AS reserves,
         (SELECT coalesce(json_agg(json_build_object(
                   'valuer', v.valuer, 'valuationDate', to_char(v.valuation_date, 'YYYY-MM-DD'), 'value', round(v.value, 2)::text,
                   'debts', round(v.debts, 2)::text, 'reserves', round(v.reserves, 2)::text)
                 ORDER BY v.valuation_date, v.created_at, v.id), '[]'::json)
            FROM property_valuations v WHERE v.property_id = p.id AND v.status = 'recorded') AS valuations,
         (SELECT coalesce(json_agg(json_build_object(
                   'at', to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'price', round(t.price_per_share, 2)::text)
                 ORDER BY t.created_at DESC, t.id DESC), '[]'::json)
            FROM (SELECT created_at, id, price_per_share FROM transactions
                   WHERE property_id = p.id AND transaction_type = 'share_purchase' AND status = 'completed'
                     AND price_per_share IS NOT NULL
                   ORDER BY created_at DESC, id DESC LIMIT ${TRADE_POINTS}) t) AS trades,
         (SELECT coalesce(json_agg(json_build_object(
                   'paymentDate', to_char(d.payment_date, 'YYYY-MM-DD'), 'perShare', round(d.per_share_amount, 4)::text)), '[]'::json)
            FROM property_distributions d
           WHERE d.property_id = p.id AND d.status = 'paid' AND d.per_share_amount IS NOT NULL) AS paid
    FROM properties p WHERE p.id = $1`,
};

/** The property's valuation story, or null when it does not exist. */
export async function getPropertyValueStory(db: Db, propertyId: string): Promise<PropertyValueStory | null> {
  const [property] = await preparedQuery<ValueStoryRow>(db, READ_VALUE_STORY, [propertyId]);
  if (!property || property.total_shares <= 0) return null;
  const { valuations: recorded, trades, paid } = property;
  const plain = recorded;
  const today = { debts: property.debts, reserves: property.reserves };
  const history = navSeries(plain, today, property.total_shares);
  const latest = plain[plain.length - 1];
  // The one valuation rule, on the rows read here (the trades come newest first, as it orders them).
  const valuation = valuationFrom({
    latestValuation: latest ? { value: latest.value, date: latest.valuationDate } : null,
    ...today,
    totalShares: property.total_shares,
    lastTradePrice: trades[0]?.price ?? null,
    issuePrice: property.share_price,
  });
  return {
    issuePrice: property.share_price,
    totalShares: property.total_shares,
    ...today,
    valuation,
    navHistory: history,
    valuations: plain.map((v, index) => ({ ...v, navPerShare: history[index]!.nav })).reverse(),
    trades: trades.reverse(),
    performance: {
      distributionsByYear: distributionsByYear(paid),
      navChange: navChange(history),
      exit: null,
    },
  };
}

/** Where a valuation's report is kept, when the valuation belongs to the property. */
export async function findValuationReport(db: Db, propertyId: string, valuationId: string) {
  const row = await db.propertyValuation.findFirst({
    where: { id: valuationId, propertyId },
    select: { reportStorageKey: true, reportSize: true, valuationDate: true },
  });
  return row
    ? { storageKey: row.reportStorageKey, size: row.reportSize, valuationDate: row.valuationDate.toISOString().slice(0, 10) }
    : null;
}
