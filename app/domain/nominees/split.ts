import { Decimal } from "~/lib/money";

export type Share = { userId: string; percent: Decimal.Value };

/**
 * Whole shares by largest remainder (Hamilton's method, ADR 0066): each nominee first gets the
 * whole part of shares × percent / 100; the shares left over go one each to the largest
 * fractional parts, ties to the nominee listed first. The parts always sum to `total`.
 */
export function splitShares(total: number, shares: Share[]): Map<string, number> {
  const exact = shares.map((s, index) => {
    const quota = new Decimal(total).times(s.percent).div(100);
    return { userId: s.userId, index, whole: quota.floor().toNumber(), remainder: quota.minus(quota.floor()) };
  });
  let left = total - exact.reduce((sum, e) => sum + e.whole, 0);
  const byRemainder = [...exact].sort((a, b) => b.remainder.comparedTo(a.remainder) || a.index - b.index);
  for (const entry of byRemainder) {
    if (left <= 0) break;
    entry.whole += 1;
    left -= 1;
  }
  return new Map(exact.map((e) => [e.userId, e.whole]));
}

/**
 * Money to the paisa by the same rule: each nominee gets amount × percent / 100 rounded down to
 * the paisa, and the paise left over go one each to the largest remainders (ties to the first
 * listed). The parts always sum to `amount`.
 */
export function splitMoney(amount: Decimal.Value, shares: Share[]): Map<string, Decimal> {
  const paise = new Decimal(amount).times(100).toNumber();
  const parts = splitShares(paise, shares);
  return new Map([...parts].map(([userId, p]) => [userId, new Decimal(p).div(100)]));
}
