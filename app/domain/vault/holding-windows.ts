/** A stretch of time during which an investor held at least one share; `to` is null while they still do. */
export type HoldingWindow = { from: Date; to: Date | null };

/** One completed share movement of an investor in a property: shares in (positive) or out (negative). */
export type ShareMovement = { at: Date; shares: number };

/**
 * The windows in which the running total of `movements` (in time order) was above zero. Movements
 * at the same instant are taken together, so a sale and a purchase in one moment open no window.
 */
export function holdingWindows(movements: readonly ShareMovement[]): HoldingWindow[] {
  const windows: HoldingWindow[] = [];
  let held = 0;
  let index = 0;
  while (index < movements.length) {
    const at = movements[index]!.at;
    while (index < movements.length && movements[index]!.at.getTime() === at.getTime()) {
      held += movements[index]!.shares;
      index += 1;
    }
    const open = windows.at(-1);
    const isOpen = open !== undefined && open.to === null;
    if (held > 0 && !isOpen) windows.push({ from: at, to: null });
    if (held <= 0 && isOpen) open.to = at;
  }
  return windows;
}

/** Whether the investor holds a share now (their last window is still open). */
export function holdsNow(windows: readonly HoldingWindow[]): boolean {
  return windows.at(-1)?.to === null;
}

/**
 * The vault's rule (ADR 0070): a holder-only item published at `publishedAt` is the investor's
 * to see when they held a share at that moment, or hold one now.
 */
export function entitledTo(windows: readonly HoldingWindow[], publishedAt: Date): boolean {
  if (holdsNow(windows)) return true;
  const at = publishedAt.getTime();
  return windows.some((w) => w.from.getTime() <= at && (w.to === null || at < w.to.getTime()));
}
