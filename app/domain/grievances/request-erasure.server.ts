import { DomainError } from "~/domain/errors";
import { DATA_CATEGORIES, type DataCategoryId } from "~/lib/privacy/data-inventory";
import { runTransaction, type PrismaClient, type Tx } from "~/services/db.server";
import { openGrievanceIn } from "./open-grievance.server";

export type ErasureOutcome = {
  ticketId: string;
  erased: { category: string; name: string }[];
  refused: { category: string; name: string; reason: string }[];
};

/** What erasing a category deletes; only categories no law makes us keep are here. */
const ERASERS: Partial<Record<DataCategoryId, (tx: Tx, userId: string) => Promise<unknown>>> = {
  watchlist: (tx, userId) => tx.watchlistEntry.deleteMany({ where: { userId } }),
  notifications: (tx, userId) => tx.userAlert.deleteMany({ where: { userId } }),
  activity: async (tx, userId) => {
    await tx.userEvent.deleteMany({ where: { userId } });
    await tx.propertyEngagement.deleteMany({ where: { userId } });
  },
};

/**
 * The investor asks for erasure (DPDP Act s.12). Data no law makes us keep is erased at once,
 * in this transaction; data the law requires us to keep is refused with the law's reason. The
 * request is recorded as a grievance settled now, so it shows on the same clocks (ADR 0067).
 */
export async function requestErasure(
  db: PrismaClient,
  userId: string,
  input: { categories: unknown },
  now = new Date(),
): Promise<ErasureOutcome> {
  const requested = readCategories(input.categories);
  const chosen = DATA_CATEGORIES.filter((category) => requested.includes(category.id));
  const erased = chosen.filter((c) => c.keptBecause === null).map((c) => ({ category: c.id, name: c.name }));
  const refused = chosen.flatMap((c) => (c.keptBecause === null ? [] : [{ category: c.id, name: c.name, reason: c.keptBecause }]));
  const response = [
    erased.length ? `Erased: ${erased.map((e) => e.name).join(", ")}.` : "",
    ...refused.map((r) => `Not erased - ${r.name}: ${r.reason}`),
  ]
    .filter(Boolean)
    .join("\n");

  return runTransaction(db, "request-erasure", async (tx) => {
    for (const category of erased) await ERASERS[category.category as DataCategoryId]?.(tx, userId);
    const { ticketId } = await openGrievanceIn(tx, {
      userId,
      kind: "erasure",
      subject: `Erasure of my data: ${chosen.map((c) => c.name).join(", ")}`,
      description: `Please erase: ${chosen.map((c) => c.name).join(", ")}.`,
      details: { requested: chosen.map((c) => c.id), erased: erased.map((e) => e.category), refused },
      settled: { status: erased.length ? "resolved" : "closed", response },
      now,
    });
    return { ticketId, erased, refused };
  });
}

function readCategories(raw: unknown): string[] {
  const values = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === "string");
  const known = values.filter((v) => DATA_CATEGORIES.some((c) => c.id === v));
  if (known.length === 0 || known.length !== values.length) {
    throw new DomainError("INVALID_ERASURE", "Choose at least one kind of data to erase", 400, "categories");
  }
  return known;
}
