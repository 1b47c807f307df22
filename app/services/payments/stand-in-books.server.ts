import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * What the stand-in has done, for its list calls (ADR 0064): payments captured, payouts and
 * their outcomes, refunds. Ids stay stateless; only the lists need a record. Kept in memory
 * for the tests' own server, or appended to a JSON-lines file when the app serves the stand-in,
 * so every worker of a cluster reads the same books. A later entry for an id supersedes an
 * earlier one; an entry dated in the future (a bank answer still to come) is not listed yet.
 */
export type BookEntry =
  | { kind: "payment"; id: string; orderId: string; amount: number; method: string; at: number }
  | { kind: "payout"; id: string; status: string; at: number; createdAt: number }
  | { kind: "refund"; id: string; paymentId: string; amount: number; at: number }
  /** A mandate's authorisation order: whose it is and the most a debit may be (ADR 0077). */
  | { kind: "mandate-order"; id: string; customerId: string; maxAmount: number; at: number }
  /** A mandate's token, its state, and how the payer's bank will answer debits (the stand-in's choice). */
  | {
      kind: "token";
      id: string;
      customerId: string;
      orderId: string;
      maxAmount: number;
      status: "confirmed" | "rejected" | "cancelled";
      debits: "success" | "failure";
      createdAt: number;
      at: number;
    };

export type StandInBooks = {
  record(entry: BookEntry): void;
  /** The newest entry of each id of a kind whose `at` has come. */
  current<K extends BookEntry["kind"]>(kind: K, now?: number): Extract<BookEntry, { kind: K }>[];
};

export function standInBooks(file?: string): StandInBooks {
  const memory: BookEntry[] = [];
  if (file) mkdirSync(path.dirname(file), { recursive: true });
  const all = (): BookEntry[] => {
    if (!file) return memory;
    if (!existsSync(file)) return [];
    return readFileSync(file, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as BookEntry);
  };
  return {
    record(entry) {
      if (file) appendFileSync(file, `${JSON.stringify(entry)}\n`);
      else memory.push(entry);
    },
    current(kind, now = Date.now()) {
      const latest = new Map<string, BookEntry>();
      for (const entry of all()) if (entry.kind === kind && entry.at <= now) latest.set(entry.id, entry);
      return [...latest.values()] as never;
    },
  };
}

/** The stand-in's fee on a payment: 2% and GST of 18% on it, in paise (a stand-in's round numbers, not a price list). */
export function standInFee(amount: number): { fee: number; tax: number } {
  const fee = roundedShare(amount, 2);
  return { fee, tax: roundedShare(fee, 18) };
}

/** percent% of an integer number of paise, rounded half up, in integers only. */
function roundedShare(paise: number, percent: number): number {
  const scaled = paise * percent + 50;
  return (scaled - (scaled % 100)) / 100;
}
