import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { isUuid } from "~/lib/uuid";

/** What a route parameter holds: a uuid column's id, or a text key (a property's id is a slug or a uuid). */
export type ParamKind = "uuid" | "text";

// No stored key comes near this; a longer one cannot name anything.
const TEXT_MAX_LENGTH = 200;

const accepts: Record<ParamKind, (value: string) => boolean> = {
  uuid: isUuid,
  text: (value) => value.length > 0 && value.length <= TEXT_MAX_LENGTH,
};

/** The answer a route throws for a parameter that names nothing; a page's error boundary renders its 404. */
export type NotFound = () => Response | ReturnType<typeof data>;

const pageNotFound: NotFound = () => data(null, { status: 404 });

/**
 * The route's parameters, each checked against its kind, or the route's 404 thrown: a bad id
 * never reaches a query. Call it after the guard, so a visitor who may not see the page is
 * still sent to sign in rather than told what exists. Resource routes pass their own plain
 * Response (`notFound`), as a thrown `data()` would turn into an error document there.
 */
export function requireParams<const Shape extends Record<string, ParamKind>>(
  params: LoaderFunctionArgs["params"],
  shape: Shape,
  notFound: NotFound = pageNotFound,
): { [Name in keyof Shape]: string } {
  const read: Record<string, string> = {};
  for (const [name, kind] of Object.entries(shape)) {
    const value = params[name];
    if (value === undefined || !accepts[kind](value)) throw notFound();
    read[name] = value;
  }
  return read as { [Name in keyof Shape]: string };
}
