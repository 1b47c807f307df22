import { DEFAULT_FUND_LIMITS, DEPOSIT_PROCESSING_FEE } from "~/domain/wallet/fund-request-rules";
import { Decimal, toRupees } from "~/lib/money";
import { BULK_INVESTORS, PERSONAS } from "./personas";
import { PROPERTIES, type PropertySeed } from "./properties";
import { istDate } from "~/domain/distributions/distribution-rules";
import { financialQuarterOf, splitDistribution, type TdsRateRow } from "~/domain/tds/tds-split";
import { createClock } from "./clock";

/** The platform fee charged on top of shares × price, as the investment page shows it. */
export const PLATFORM_FEE_RATE = new Decimal("0.02");

type Base = { key: string; email: string; daysAgo: number };
/** A fund request raised and resolved by an admin the same day; `reference` is the bank's, quoted in the answer. */
export type CashEvent = Base & { kind: "deposit" | "withdrawal"; amount: string; reference: string };
/**
 * A rent distribution declared per share and paid to every holder at the end of its record
 * date (`recordDaysAgo`), on the event's day.
 */
export type DistributionEvent = {
  kind: "distribution";
  key: string;
  daysAgo: number;
  recordDaysAgo: number;
  propertyId: string;
  perShare: string;
  note: string;
};
export type InvestmentEvent = Base & { kind: "investment"; propertyId: string; shares: number };
export type MoneyEvent = CashEvent | DistributionEvent | InvestmentEvent;

const deposit = (email: string, daysAgo: number, amount: string, reference: string): CashEvent => ({
  kind: "deposit",
  key: `deposit:${email}:${daysAgo}`,
  email,
  daysAgo,
  amount,
  reference,
});
const withdrawal = (email: string, daysAgo: number, amount: string, reference: string): CashEvent => ({
  kind: "withdrawal",
  key: `withdrawal:${email}:${daysAgo}`,
  email,
  daysAgo,
  amount,
  reference,
});
const distribution = (propertyId: string, recordDaysAgo: number, perShare: string, note: string): DistributionEvent => ({
  kind: "distribution",
  key: `distribution:${propertyId}:${recordDaysAgo}`,
  // Paid two days after its record date.
  daysAgo: recordDaysAgo - 2,
  recordDaysAgo,
  propertyId,
  perShare,
  note,
});
const invest = (email: string, daysAgo: number, propertyId: string, shares: number): InvestmentEvent => ({
  kind: "investment",
  key: `investment:${email}:${propertyId}:${daysAgo}`,
  email,
  daysAgo,
  propertyId,
  shares,
});

const small = PERSONAS.small.email;
const large = PERSONAS.large.email;
const waitlist = PERSONAS.waitlist.email;

/** A year in the life of the two showcase investors, oldest first. Every share count of small is 1. */
const PERSONA_EVENTS: MoneyEvent[] = [
  deposit(small, 360, "50000", "UTR NDMBN52360118"),
  invest(small, 350, "omr-lakeview-homes", 1),
  invest(small, 300, "koregaon-park-lofts", 1),
  deposit(small, 240, "25000", "UTR NDMBN52240931"),
  invest(small, 230, "baner-greens-villas", 1),
  invest(small, 200, "assagao-palms-villa", 1),
  invest(small, 150, "lonavala-hillside-retreat", 1),
  withdrawal(small, 120, "5000", "UTR NDMBR52120447"),
  deposit(small, 25, "30000", "UTR NDMBN52025310"),
  invest(small, 20, "whitefield-tech-suites", 1),

  deposit(large, 365, "2500000", "UTR TGDBN71365002"),
  invest(large, 355, "cyber-hub-commercial", 40),
  deposit(large, 330, "1500000", "UTR TGDBN71330415"),
  invest(large, 320, "dummy-1", 30),
  invest(large, 300, "assagao-palms-villa", 50),
  invest(large, 240, "chakan-logistics-park", 20),
  deposit(large, 210, "1000000", "UTR TGDBN71210877"),
  invest(large, 180, "andheri-east-warehousing", 25),
  withdrawal(large, 150, "200000", "UTR TGDBR71150263"),
  invest(large, 120, "whitefield-tech-suites", 15),
  invest(large, 60, "dummy-1", 10),
  deposit(large, 30, "500000", "UTR TGDBN71030558"),
  invest(large, 14, "hitec-city-arcade", 8),

  deposit(waitlist, 20, "150000", "UTR MRDBN33020716"),
  deposit(waitlist, 6, "50000", "UTR MRDBN33006042"),
];

/**
 * The year's rent, declared per share: each pays every holder at its record date, the
 * showcase investors among them (small: four payouts; large: four).
 */
const DISTRIBUTIONS: DistributionEvent[] = [
  distribution("cyber-hub-commercial", 272, "1350", "Q1 lease rent"),
  distribution("omr-lakeview-homes", 182, "215", "Q1 rental income"),
  distribution("assagao-palms-villa", 177, "294", "Half-year rental income"),
  distribution("baner-greens-villas", 92, "368", "Half-year rental income"),
  distribution("cyber-hub-commercial", 92, "1350", "Q3 lease rent"),
  distribution("andheri-east-warehousing", 47, "570", "Q2 warehouse rent"),
  distribution("omr-lakeview-homes", 32, "215", "Q3 rental income"),
];

/** Bulk investors sweep their rent to the bank two days ago, keeping between one and two lakh. */
const SWEEP_DAYS_AGO = 2;
const LAKH = new Decimal(100000);
/** Bulk investors' first top-up: before the earliest investment window opens (day 395). */
const FIRST_DEPOSIT_DAYS_AGO = 410;

// Large tickets keep the journal count (and so the seed time) down; a family office buys lakhs at a time.
const BULK_CHUNK_CAP = 500;

export function subtotalOf(property: PropertySeed, shares: number): Decimal {
  return new Decimal(property.sharePrice).times(shares);
}

export function feeOf(subtotal: Decimal): Decimal {
  return toRupees(subtotal.times(PLATFORM_FEE_RATE));
}

/**
 * Splits the shares the personas did not buy across the bulk investors: at most one
 * purchase per investor per property, each within the property's maximum investment,
 * dated evenly through the property's investment window.
 */
function bulkPurchases(properties: PropertySeed[], personaEvents: MoneyEvent[]): InvestmentEvent[] {
  const purchases: InvestmentEvent[] = [];
  properties.forEach((property, propertyIndex) => {
    const personaShares = personaEvents
      .filter((e): e is InvestmentEvent => e.kind === "investment" && e.propertyId === property.id)
      .reduce((sum, e) => sum + e.shares, 0);
    const remaining = property.soldShares - personaShares;
    if (remaining < 0) throw new Error(`${property.id}: personas own more than soldShares`);
    if (remaining === 0) return;
    if (!property.window) throw new Error(`${property.id}: sold shares need an investment window`);
    const maxShares = property.maximumInvestment
      ? new Decimal(property.maximumInvestment).dividedToIntegerBy(property.sharePrice).toNumber()
      : Infinity;
    const cap = Math.min(maxShares, BULK_CHUNK_CAP);
    const count = Math.ceil(remaining / cap);
    if (count > BULK_INVESTORS.length) throw new Error(`${property.id}: not enough bulk investors`);
    const lastDay = Math.min(property.window.end, -3);
    const span = lastDay - property.window.start;
    for (let chunk = 0; chunk < count; chunk++) {
      const shares = Math.floor(remaining / count) + (chunk < remaining % count ? 1 : 0);
      const investor = BULK_INVESTORS[(propertyIndex * 3 + chunk) % BULK_INVESTORS.length]!;
      const daysAgo = -Math.round(property.window.start + ((chunk + 1) * span) / (count + 1));
      purchases.push({
        kind: "investment",
        key: `investment:${investor.email}:${property.id}`,
        email: investor.email,
        daysAgo,
        propertyId: property.id,
        shares,
      });
    }
  });
  return purchases;
}

/** The most one fund request may ask for (DEFAULT_FUND_LIMITS.perRequest): larger top-ups are split. */
const MAX_REQUEST = new Decimal(DEFAULT_FUND_LIMITS.perRequest);

/**
 * Each bulk investor tops up before the first window opens, enough for all their purchases
 * with a lakh to spare (which also covers the processing fees): one request a day, each
 * within the per-request limit, from day 410 back.
 */
function bulkDeposits(purchases: InvestmentEvent[], propertyById: Map<string, PropertySeed>): CashEvent[] {
  const spend = new Map<string, Decimal>();
  for (const purchase of purchases) {
    const subtotal = subtotalOf(propertyById.get(purchase.propertyId)!, purchase.shares);
    spend.set(purchase.email, (spend.get(purchase.email) ?? new Decimal(0)).plus(subtotal).plus(feeOf(subtotal)));
  }
  return [...spend].flatMap(([email, total], index) => {
    let left = total.dividedBy(LAKH).ceil().plus(1).times(LAKH);
    const requests: CashEvent[] = [];
    for (let day = FIRST_DEPOSIT_DAYS_AGO; left.gt(0); day--) {
      const amount = Decimal.min(left, MAX_REQUEST);
      requests.push(deposit(email, day, amount.toFixed(0), `UTR PKDBN9${String(1000 + index)}${day}`));
      left = left.minus(amount);
    }
    return requests;
  });
}

export type MoneyPlan = { events: MoneyEvent[]; propertyById: Map<string, PropertySeed>; now: Date };

const ORDER = { deposit: 0, distribution: 1, investment: 2, withdrawal: 3 } as const;

function byDate(events: MoneyEvent[]): MoneyEvent[] {
  return events.sort((a, b) => b.daysAgo - a.daysAgo || ORDER[a.kind] - ORDER[b.kind] || a.key.localeCompare(b.key));
}

/** All money the demo moves, in the order it must be posted (oldest first, deposits first on a day). */
export function buildMoneyPlan(properties: PropertySeed[] = PROPERTIES, now = new Date()): MoneyPlan {
  const propertyById = new Map(properties.map((p) => [p.id, p]));
  const purchases = bulkPurchases(properties, PERSONA_EVENTS);
  const distributions = DISTRIBUTIONS.filter((d) => propertyById.has(d.propertyId));
  const events = byDate([...bulkDeposits(purchases, propertyById), ...PERSONA_EVENTS, ...purchases, ...distributions]);
  const plan = { events, propertyById, now };
  plan.events = byDate([...events, ...bulkSweeps(plan)]);
  const keys = new Set(plan.events.map((e) => e.key));
  if (keys.size !== plan.events.length) throw new Error("demo money events need unique keys");
  return plan;
}

/** What each holder of the property at the end of the record date receives. */
export function distributionPayments(event: DistributionEvent, plan: MoneyPlan): Map<string, Decimal> {
  const shares = new Map<string, number>();
  for (const purchase of plan.events) {
    if (purchase.kind !== "investment" || purchase.propertyId !== event.propertyId) continue;
    // A purchase on the record day itself is held at its end.
    if (purchase.daysAgo >= event.recordDaysAgo) shares.set(purchase.email, (shares.get(purchase.email) ?? 0) + purchase.shares);
  }
  return new Map([...shares].map(([email, count]) => [email, new Decimal(event.perShare).times(count)]));
}

/**
 * The resident rows the TDS migration seeds (ADR 0065): the plan is worked out before the
 * database exists. A drift from the migration shows as a seed whose planned sweep overdraws.
 */
const SEEDED_TDS_RATES: TdsRateRow[] = [
  {
    id: "1961-194-a",
    act: "Income-tax Act, 1961",
    section: "194",
    payeeResidency: "resident",
    rateWithPan: "10",
    rateWithoutPan: "20",
    yearlyThreshold: "5000",
    validFrom: "2020-04-01",
    validTo: "2025-03-31",
  },
  {
    id: "1961-194-b",
    act: "Income-tax Act, 1961",
    section: "194",
    payeeResidency: "resident",
    rateWithPan: "10",
    rateWithoutPan: "20",
    yearlyThreshold: "10000",
    validFrom: "2025-04-01",
    validTo: "2026-03-31",
  },
  {
    id: "2025-393",
    act: "Income-tax Act, 2025",
    section: "393",
    payeeResidency: "resident",
    rateWithPan: "10",
    rateWithoutPan: "20",
    yearlyThreshold: "10000",
    validFrom: "2026-04-01",
    validTo: null,
  },
];

/**
 * What reached one investor's wallet from each distribution: the gross less TDS by the payment's
 * own split. No demo investor has a verified PAN on record, so the higher rate applies over the threshold.
 */
function distributionNets(email: string, plan: MoneyPlan): Map<string, Decimal> {
  const clock = createClock(plan.now);
  const yearToDate = new Map<number, { gross: Decimal; tds: Decimal }>();
  const nets = new Map<string, Decimal>();
  for (const event of plan.events) {
    if (event.kind !== "distribution") continue;
    const gross = distributionPayments(event, plan).get(email);
    if (!gross || gross.lte(0)) continue;
    const paymentDate = istDate(clock.daysAgo(event.daysAgo));
    const { financialYear } = financialQuarterOf(paymentDate);
    const before = yearToDate.get(financialYear) ?? { gross: new Decimal(0), tds: new Decimal(0) };
    const split = splitDistribution({ gross, paymentDate, panValid: false, rates: SEEDED_TDS_RATES, yearToDate: before });
    yearToDate.set(financialYear, { gross: before.gross.plus(split.gross), tds: before.tds.plus(split.tds) });
    nets.set(event.key, split.net);
  }
  return nets;
}

/** The investor's wallet after every planned event. */
export function closingBalance(email: string, plan: MoneyPlan): Decimal {
  const nets = distributionNets(email, plan);
  return plan.events.reduce((sum, event) => {
    if (event.kind === "distribution") return sum.plus(nets.get(event.key) ?? 0);
    return event.email === email ? sum.plus(walletDelta(event, plan)) : sum;
  }, new Decimal(0));
}

/** Rent piles up in the bulk investors' wallets; each withdraws whole lakhs down to between one and two. */
function bulkSweeps(plan: MoneyPlan): CashEvent[] {
  return BULK_INVESTORS.flatMap((investor, index) => {
    const balance = closingBalance(investor.email, plan);
    const excess = balance.minus(LAKH).dividedToIntegerBy(LAKH).times(LAKH);
    if (excess.lte(0)) return [];
    return [withdrawal(investor.email, SWEEP_DAYS_AGO, excess.toFixed(0), `UTR PKDBR9${String(1000 + index)}002`)];
  });
}

export type Position = { email: string; propertyId: string; shares: number; costBasis: Decimal };

/** Shares and cost (shares × price, fees excluded) per investor and property. */
export function positionsOf(plan: MoneyPlan): Position[] {
  const positions = new Map<string, Position>();
  for (const event of plan.events) {
    if (event.kind !== "investment") continue;
    const id = `${event.email}|${event.propertyId}`;
    const position = positions.get(id) ?? { email: event.email, propertyId: event.propertyId, shares: 0, costBasis: new Decimal(0) };
    position.shares += event.shares;
    position.costBasis = position.costBasis.plus(subtotalOf(plan.propertyById.get(event.propertyId)!, event.shares));
    positions.set(id, position);
  }
  return [...positions.values()];
}

/**
 * What a deposit, withdrawal or purchase does to its investor's wallet: a deposit less the
 * processing fee (ADR 0006), a purchase its subtotal and fee, out. A distribution's payments
 * are per holder (distributionPayments).
 */
export function walletDelta(event: CashEvent | InvestmentEvent, plan: MoneyPlan): Decimal {
  switch (event.kind) {
    case "deposit":
      return new Decimal(event.amount).minus(DEPOSIT_PROCESSING_FEE);
    case "withdrawal":
      return new Decimal(event.amount).negated();
    case "investment": {
      const subtotal = subtotalOf(plan.propertyById.get(event.propertyId)!, event.shares);
      return subtotal.plus(feeOf(subtotal)).negated();
    }
  }
}
