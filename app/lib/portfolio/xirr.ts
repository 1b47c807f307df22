/**
 * The investor's annualised return over dated cash flows (XIRR): the yearly rate r for which
 * Σ amount_i / (1 + r)^(days_i / 365) = 0, money paid in negative, money received positive.
 * A rate is a ratio, not money, so floating point is the right tool here.
 */
export type CashFlow = { date: Date; amount: number };

export type XirrResult = { kind: "rate"; rate: number } | { kind: "not-enough-history" } | { kind: "no-solution" };

const DAY_MS = 24 * 60 * 60 * 1000;
const LOWEST_RATE = -0.999999;
const HIGHEST_RATE = 1e6;

function presentValue(flows: readonly { years: number; amount: number }[], rate: number): number {
  return flows.reduce((sum, flow) => sum + flow.amount / Math.pow(1 + rate, flow.years), 0);
}

export function xirr(cashFlows: readonly CashFlow[]): XirrResult {
  const flows = cashFlows.filter((flow) => flow.amount !== 0 && Number.isFinite(flow.amount));
  if (flows.length < 2) return { kind: "not-enough-history" };
  const start = Math.min(...flows.map((flow) => flow.date.getTime()));
  const end = Math.max(...flows.map((flow) => flow.date.getTime()));
  if (end === start) return { kind: "not-enough-history" };
  const hasOutflow = flows.some((flow) => flow.amount < 0);
  const hasInflow = flows.some((flow) => flow.amount > 0);
  if (!hasOutflow || !hasInflow) return { kind: "no-solution" };

  const timed = flows.map((flow) => ({ years: (flow.date.getTime() - start) / DAY_MS / 365, amount: flow.amount }));
  const f = (rate: number) => presentValue(timed, rate);

  // Bisection over a bracket where the value changes sign: slower than Newton's method but it
  // cannot wander off or divide by a vanishing derivative.
  let low = LOWEST_RATE;
  let high = 1;
  let fLow = f(low);
  let fHigh = f(high);
  while (Math.sign(fLow) === Math.sign(fHigh) && high < HIGHEST_RATE) {
    high *= 10;
    fHigh = f(high);
  }
  if (!Number.isFinite(fLow) || !Number.isFinite(fHigh) || Math.sign(fLow) === Math.sign(fHigh)) return { kind: "no-solution" };
  for (let step = 0; step < 200; step += 1) {
    const mid = (low + high) / 2;
    const fMid = f(mid);
    if (Math.abs(fMid) < 1e-9 || high - low < 1e-12) return { kind: "rate", rate: mid };
    if (Math.sign(fMid) === Math.sign(fLow)) {
      low = mid;
      fLow = fMid;
    } else {
      high = mid;
    }
  }
  return { kind: "rate", rate: (low + high) / 2 };
}

/** "12.3% a year", or the reason there is no figure. */
export function describeXirr(result: XirrResult): string {
  if (result.kind === "not-enough-history") return "Not enough history yet";
  if (result.kind === "no-solution") return "Not enough history yet";
  const percent = result.rate * 100;
  const rounded = Math.round(percent * 10) / 10;
  const sign = rounded > 0 ? "+" : rounded < 0 ? "−" : "";
  return `${sign}${Math.abs(rounded).toFixed(1)}% a year`;
}
