import { Decimal, toRupees } from "~/lib/money";
import { BULK_INVESTORS, PERSONAS } from "./personas";
import { PROPERTIES, type PropertySeed } from "./properties";

/** The platform fee charged on top of shares × price, as the investment page shows it. */
export const PLATFORM_FEE_RATE = new Decimal("0.02");

type Base = { key: string; email: string; daysAgo: number };
export type CashEvent = Base & { kind: "deposit" | "withdrawal"; amount: string; reference: string };
export type DividendEvent = Base & { kind: "dividend"; propertyId: string; amount: string; period: string };
export type InvestmentEvent = Base & { kind: "investment"; propertyId: string; shares: number };
export type MoneyEvent = CashEvent | DividendEvent | InvestmentEvent;

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
const dividend = (email: string, daysAgo: number, propertyId: string, amount: string, period: string): DividendEvent => ({
  kind: "dividend",
  key: `dividend:${email}:${propertyId}:${daysAgo}`,
  email,
  daysAgo,
  propertyId,
  amount,
  period,
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
  dividend(small, 180, "omr-lakeview-homes", "215", "Q1 rental income"),
  invest(small, 150, "lonavala-hillside-retreat", 1),
  withdrawal(small, 120, "5000", "UTR NDMBR52120447"),
  dividend(small, 90, "baner-greens-villas", "368", "Half-year rental income"),
  dividend(small, 30, "omr-lakeview-homes", "215", "Q3 rental income"),
  deposit(small, 25, "30000", "UTR NDMBN52025310"),
  invest(small, 20, "whitefield-tech-suites", 1),
  dividend(small, 5, "assagao-palms-villa", "294", "Festive season rental income"),

  deposit(large, 365, "2500000", "UTR TGDBN71365002"),
  invest(large, 355, "cyber-hub-commercial", 40),
  deposit(large, 330, "1500000", "UTR TGDBN71330415"),
  invest(large, 320, "dummy-1", 30),
  invest(large, 300, "assagao-palms-villa", 50),
  dividend(large, 270, "cyber-hub-commercial", "54000", "Q1 lease rent"),
  invest(large, 240, "chakan-logistics-park", 20),
  deposit(large, 210, "1000000", "UTR TGDBN71210877"),
  invest(large, 180, "andheri-east-warehousing", 25),
  dividend(large, 175, "assagao-palms-villa", "14700", "Half-year rental income"),
  withdrawal(large, 150, "200000", "UTR TGDBR71150263"),
  invest(large, 120, "whitefield-tech-suites", 15),
  dividend(large, 90, "cyber-hub-commercial", "54000", "Q3 lease rent"),
  invest(large, 60, "dummy-1", 10),
  dividend(large, 45, "andheri-east-warehousing", "14250", "Q2 warehouse rent"),
  deposit(large, 30, "500000", "UTR TGDBN71030558"),
  invest(large, 14, "hitec-city-arcade", 8),

  deposit(waitlist, 20, "150000", "UTR MRDBN33020716"),
  deposit(waitlist, 6, "50000", "UTR MRDBN33006042"),
];

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

/** Each bulk investor tops up once, before the first window opens, enough for all their purchases. */
function bulkDeposits(purchases: InvestmentEvent[], propertyById: Map<string, PropertySeed>): CashEvent[] {
  const spend = new Map<string, Decimal>();
  for (const purchase of purchases) {
    const subtotal = subtotalOf(propertyById.get(purchase.propertyId)!, purchase.shares);
    spend.set(purchase.email, (spend.get(purchase.email) ?? new Decimal(0)).plus(subtotal).plus(feeOf(subtotal)));
  }
  return [...spend].map(([email, total], index) => {
    const lakhs = total.dividedBy(100000).ceil().plus(1);
    return deposit(email, 405, lakhs.times(100000).toFixed(0), `UTR PKDBN9${String(1000 + index)}405`);
  });
}

export type MoneyPlan = { events: MoneyEvent[]; propertyById: Map<string, PropertySeed> };

/** All money the demo moves, in the order it must be posted (oldest first, deposits first on a day). */
export function buildMoneyPlan(properties: PropertySeed[] = PROPERTIES): MoneyPlan {
  const propertyById = new Map(properties.map((p) => [p.id, p]));
  const purchases = bulkPurchases(properties, PERSONA_EVENTS);
  const events = [...bulkDeposits(purchases, propertyById), ...PERSONA_EVENTS, ...purchases];
  const order = { deposit: 0, dividend: 1, investment: 2, withdrawal: 3 } as const;
  events.sort((a, b) => b.daysAgo - a.daysAgo || order[a.kind] - order[b.kind] || a.key.localeCompare(b.key));
  const keys = new Set(events.map((e) => e.key));
  if (keys.size !== events.length) throw new Error("demo money events need unique keys");
  return { events, propertyById };
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

/** What the event does to the investor's wallet (a purchase: its subtotal and fee, out). */
export function walletDelta(event: MoneyEvent, plan: MoneyPlan): Decimal {
  switch (event.kind) {
    case "deposit":
    case "dividend":
      return new Decimal(event.amount);
    case "withdrawal":
      return new Decimal(event.amount).negated();
    case "investment": {
      const subtotal = subtotalOf(plan.propertyById.get(event.propertyId)!, event.shares);
      return subtotal.plus(feeOf(subtotal)).negated();
    }
  }
}
