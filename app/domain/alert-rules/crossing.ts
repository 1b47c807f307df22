import { Decimal } from "~/lib/money";

/** The rules an investor can ask to hear about (ADR 0070); stored as alert_rule_states.rule. */
export type AlertRule = "nav_move" | "distribution_declared" | "distribution_paused" | "status_label" | "listing_below";

/** What was last observed for one investor, rule and property. */
export type RuleState = { met: boolean; reference: string | null };

/**
 * What a check sees now:
 * - level: a condition that holds or not (a listing below the price, distributions paused); it
 *   fires when it turns from not met to met, and is armed again once it stops holding. Never
 *   observed counts as not met, so a condition already true when first seen fires once.
 * - change: a value (the label, the latest distribution); it fires when the value differs from the
 *   one last seen. The first observation only records it.
 * - move: a figure (NAV per share) measured from a reference: it fires when it has moved by more
 *   than `percent` from the reference, which then moves to the new figure, so the next alert
 *   needs another move of that size from there. The first observation only records it.
 */
export type Observation =
  { kind: "level"; met: boolean } | { kind: "change"; value: string | null } | { kind: "move"; value: string; percent: string };

export type Decision = { fire: boolean; next: RuleState };

export function decideCrossing(previous: RuleState | null, observation: Observation): Decision {
  switch (observation.kind) {
    case "level": {
      const wasMet = previous?.met ?? false;
      return { fire: observation.met && !wasMet, next: { met: observation.met, reference: null } };
    }
    case "change": {
      if (previous === null) return { fire: false, next: { met: false, reference: observation.value } };
      const changed = observation.value !== null && observation.value !== previous.reference;
      return { fire: changed, next: { met: false, reference: observation.value ?? previous.reference } };
    }
    case "move": {
      if (previous === null || previous.reference === null) return { fire: false, next: { met: false, reference: observation.value } };
      const reference = new Decimal(previous.reference);
      const value = new Decimal(observation.value);
      if (reference.lte(0)) return { fire: false, next: { met: false, reference: observation.value } };
      const moved = value.minus(reference).abs().times(100).gt(reference.times(observation.percent));
      return moved ? { fire: true, next: { met: false, reference: observation.value } } : { fire: false, next: previous };
    }
  }
}

/** The move from `from` to `to` in percent, signed, to two places (for the alert's words). */
export function movePercent(from: string, to: string): string {
  const base = new Decimal(from);
  return new Decimal(to).minus(base).times(100).div(base).toDecimalPlaces(2).toFixed(2);
}
