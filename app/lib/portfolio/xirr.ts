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

/** The present value of the flows at `rate`, and its derivative by the rate, in one pass. */
function valueAndSlope(flows: readonly { years: number; amount: number }[], rate: number): { value: number; slope: number } {
  // (1 + rate)^-years as exp(-years × ln(1 + rate)), the logarithm taken once per pass.
  const logGrowth = Math.log1p(rate);
  let value = 0;
  let weighted = 0;
  for (const flow of flows) {
    const discounted = flow.amount * Math.exp(-flow.years * logGrowth);
    value += discounted;
    weighted += flow.years * discounted;
  }
  return { value, slope: -weighted / (1 + rate) };
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
  const f = (rate: number) => valueAndSlope(timed, rate).value;

  // A bracket where the value changes sign, then Newton's method kept inside it: a Newton
  // step that would leave the bracket (or divide by a vanishing slope) is replaced by a
  // bisection, so it cannot wander off, and it needs a handful of passes over the flows
  // where bisection alone needed forty (the overview computes this on every request).
  let low = LOWEST_RATE;
  let high = 1;
  const fLow = f(low);
  let fHigh = f(high);
  while (Math.sign(fLow) === Math.sign(fHigh) && high < HIGHEST_RATE) {
    high *= 10;
    fHigh = f(high);
  }
  if (!Number.isFinite(fLow) || !Number.isFinite(fHigh) || Math.sign(fLow) === Math.sign(fHigh)) return { kind: "no-solution" };
  const lowSign = Math.sign(fLow);
  let rate = (low + high) / 2;
  for (let step = 0; step < 200; step += 1) {
    const { value, slope } = valueAndSlope(timed, rate);
    if (value === 0) return { kind: "rate", rate };
    if (Math.sign(value) === lowSign) low = rate;
    else high = rate;
    if (high - low < 1e-12) return { kind: "rate", rate: (low + high) / 2 };
    const newton = rate - value / slope;
    const next = Number.isFinite(newton) && newton > low && newton < high ? newton : (low + high) / 2;
    if (Math.abs(next - rate) < 1e-12) return { kind: "rate", rate: next };
    rate = next;
  }
  return { kind: "rate", rate };
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
