import { valuationFrom, type Valuation } from "~/domain/figures/valuation.server";
import type { Db } from "~/services/db.server";
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

/** The property's valuation story, or null when it does not exist. */
export async function getPropertyValueStory(db: Db, propertyId: string): Promise<PropertyValueStory | null> {
  const property = await db.property.findUnique({
    where: { id: propertyId },
    select: { id: true, sharePrice: true, totalShares: true, debts: true, reserves: true },
  });
  if (!property || property.totalShares <= 0) return null;
  const [recorded, trades, paid] = await Promise.all([
    db.propertyValuation.findMany({
      where: { propertyId, status: "recorded" },
      orderBy: [{ valuationDate: "asc" }, { createdAt: "asc" }],
      select: { valuer: true, valuationDate: true, value: true, debts: true, reserves: true },
    }),
    db.transaction.findMany({
      where: { propertyId, transactionType: "share_purchase", status: "completed", pricePerShare: { not: null } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: TRADE_POINTS,
      select: { createdAt: true, pricePerShare: true },
    }),
    db.propertyDistribution.findMany({
      where: { propertyId, status: "paid", perShareAmount: { not: null } },
      select: { paymentDate: true, perShareAmount: true },
    }),
  ]);
  const plain = recorded.map((v) => ({
    valuer: v.valuer,
    valuationDate: v.valuationDate.toISOString().slice(0, 10),
    value: v.value.toFixed(2),
    debts: v.debts.toFixed(2),
    reserves: v.reserves.toFixed(2),
  }));
  const today = { debts: property.debts.toFixed(2), reserves: property.reserves.toFixed(2) };
  const history = navSeries(plain, today, property.totalShares);
  const latest = plain[plain.length - 1];
  // The one valuation rule, on the rows read here (the trades come newest first, as it orders them).
  const valuation = valuationFrom({
    latestValuation: latest ? { value: latest.value, date: latest.valuationDate } : null,
    ...today,
    totalShares: property.totalShares,
    lastTradePrice: trades[0]?.pricePerShare?.toFixed(2) ?? null,
    issuePrice: property.sharePrice.toFixed(2),
  });
  return {
    issuePrice: property.sharePrice.toFixed(2),
    totalShares: property.totalShares,
    ...today,
    valuation,
    navHistory: history,
    valuations: plain.map((v, index) => ({ ...v, navPerShare: history[index]!.nav })).reverse(),
    trades: trades.reverse().map((t) => ({ at: t.createdAt.toISOString(), price: t.pricePerShare!.toFixed(2) })),
    performance: {
      distributionsByYear: distributionsByYear(
        paid.map((d) => ({ paymentDate: d.paymentDate.toISOString().slice(0, 10), perShare: d.perShareAmount!.toFixed(4) })),
      ),
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
