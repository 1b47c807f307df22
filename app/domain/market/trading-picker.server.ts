import type { Db, Prisma } from "~/services/db.server";
import { escapeLike } from "~/domain/admin/list-cursor";

/** How many properties the /trading picker lists at once; a search finds the rest. */
export const TRADING_PICKER_LIMIT = 50;

const TRADABLE: Prisma.PropertyWhereInput = { propertyStatus: { in: ["open", "funded", "closed"] } };
const PICKER_COLUMNS = { id: true, title: true, sharesSellable: true } as const;

export type PickerProperty = { id: string; title: string; sharesSellable: boolean };

/**
 * The property picker of /trading (issue 37): the first 50 tradable properties by title, or
 * those whose title or city contains `find`, plus the property asked for (?property=) when it
 * is not among them. The selection is the property asked for when it is tradable, nothing for
 * "all", otherwise the first one listed. Works as a plain GET form without JavaScript.
 */
export async function loadTradingPicker(db: Db, input: { find: string; wanted: string | null }) {
  const find = input.find.trim().slice(0, 100);
  const text = escapeLike(find);
  const where: Prisma.PropertyWhereInput = find
    ? { ...TRADABLE, OR: [{ title: { contains: text, mode: "insensitive" } }, { city: { contains: text, mode: "insensitive" } }] }
    : TRADABLE;
  const all = input.wanted === "all";
  const [found, wanted] = await Promise.all([
    db.property.findMany({ where, orderBy: [{ title: "asc" }, { id: "asc" }], take: TRADING_PICKER_LIMIT + 1, select: PICKER_COLUMNS }),
    input.wanted && !all ? db.property.findFirst({ where: { ...TRADABLE, id: input.wanted }, select: PICKER_COLUMNS }) : null,
  ]);
  const listed: PickerProperty[] = found.slice(0, TRADING_PICKER_LIMIT);
  const selected = all ? null : (wanted ?? listed[0] ?? null);
  const options = selected && !listed.some((p) => p.id === selected.id) ? [selected, ...listed] : listed;
  return { find, options, more: found.length > TRADING_PICKER_LIMIT, selected };
}
