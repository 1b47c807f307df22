import { randomUUID } from "node:crypto";
import { createCookieSessionStorage, redirect, type SessionStorage } from "@remix-run/node";
import { z } from "zod";
import { TOAST_KINDS, TOAST_TOPICS, type Toast, type ToastInput } from "~/lib/toast";
import { getEnv } from "~/services/env.server";

const FLASH_KEY = "toasts" as const;
// The cookie is signed, but its shape is still checked: an old deploy may have written it.
const flashedToastsSchema = z
  .array(
    z.object({
      id: z.string().min(1).max(64),
      kind: z.enum(TOAST_KINDS),
      title: z.string().min(1).max(120),
      description: z.string().max(500).optional(),
      topic: z.enum(TOAST_TOPICS).optional(),
    }),
  )
  .max(10);

type FlashData = { [FLASH_KEY]: Toast[] };
type FlashStorage = SessionStorage<Record<string, never>, FlashData>;
let storage: FlashStorage | undefined;
let storageKey: string | undefined;

// Built on first use, and again if the environment was reloaded (tests change it).
function flashStorage(): FlashStorage {
  const { SESSION_SECRET: secret, NODE_ENV } = getEnv();
  const production = NODE_ENV === "production";
  const key = `${production}:${secret}`;
  if (!storage || storageKey !== key) {
    storage = createCookieSessionStorage<Record<string, never>, FlashData>({
      cookie: {
        name: flashCookieName(production),
        httpOnly: true,
        sameSite: "lax",
        secure: production,
        path: "/",
        secrets: [secret],
      },
    });
    storageKey = key;
  }
  return storage;
}

// The __Host- prefix makes browsers refuse the cookie unless it is Secure, host-only and path=/.
const flashCookieName = (production: boolean) => (production ? "__Host-aangan_flash" : "aangan_flash");

/** A Set-Cookie header that shows `toasts` on the next page this browser renders. */
export async function flashToastHeaders(...toasts: ToastInput[]): Promise<Headers> {
  const { getSession, commitSession } = flashStorage();
  const session = await getSession();
  session.flash(FLASH_KEY, toasts.map((toast) => ({ ...toast, id: randomUUID() })) satisfies Toast[]);
  return new Headers({ "Set-Cookie": await commitSession(session) });
}

/** Redirect and show a toast on the page the redirect lands on (works without JavaScript). */
export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  for (const cookie of (await flashToastHeaders(toast)).getSetCookie()) headers.append("Set-Cookie", cookie);
  return redirect(url, { ...init, headers });
}

/**
 * A fetch the browser makes ahead of a navigation (a link's prefetch="intent" while the pointer
 * rests on it). Its answer is never shown, so a toast it took would be lost: the page the
 * reader then opens must find the cookie still there.
 */
function isPrefetch(request: Request): boolean {
  const purpose = request.headers.get("Sec-Purpose") ?? request.headers.get("Purpose") ?? request.headers.get("X-Moz") ?? "";
  return /\bprefetch\b/i.test(purpose);
}

/**
 * Reads and consumes the toasts flashed to this browser. `headers` removes the cookie and must
 * go out with the response; it is empty when the browser sent none. The cookie is expired
 * rather than rewritten empty: a browser left with only its session cookie may be served its
 * kept overview (ADR 0045), and one still carrying an empty flash cookie from before loses it too.
 * A prefetch neither reads nor consumes them.
 */
export async function getFlashToasts(request: Request): Promise<{ toasts: Toast[]; headers: Headers }> {
  const cookieHeader = request.headers.get("Cookie");
  const headers = new Headers();
  if (isPrefetch(request)) return { toasts: [], headers };
  const { getSession, destroySession } = flashStorage();
  const name = flashCookieName(getEnv().NODE_ENV === "production");
  if (!cookieHeader?.split(";").some((part) => part.trim().startsWith(`${name}=`))) return { toasts: [], headers };
  const session = await getSession(cookieHeader);
  const parsed = flashedToastsSchema.safeParse(session.get(FLASH_KEY));
  headers.append("Set-Cookie", await destroySession(session));
  return { toasts: parsed.success ? parsed.data : [], headers };
}
