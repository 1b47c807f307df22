import { parseWithZod } from "@conform-to/zod/v4";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { DomainError } from "~/domain/errors";
import { DuplicatePurchaseError, InvalidPurchaseError, KycRequiredError } from "~/domain/investing/purchase-errors.server";
import { reloadEnv } from "~/services/env.server";
import { getFlashToasts } from "./flash.server";
import { replyToDomainError } from "./domain-reply.server";

beforeAll(() => {
  process.env.SESSION_SECRET = "domain-reply-test-secret-0123456789abcdef";
  reloadEnv();
});
afterAll(() => {
  delete process.env.SESSION_SECRET;
  reloadEnv();
});

function submitted(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return parseWithZod(form, { schema: z.object({ shares: z.string() }) });
}

const routes = {
  redirects: { kyc_required: { to: "/kyc", toast: { kind: "error" as const, title: "KYC Required" } } },
  extra: { shares: "3" },
};

type Reply = { type: string; data: Record<string, unknown>; init: { status: number } };

/** The toasts a redirect flashed, as the next page reads them. */
async function flashed(response: Response) {
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { toasts } = await getFlashToasts(new Request("http://app.test/", { headers: { Cookie: cookie } }));
  return toasts;
}

describe("replyToDomainError", () => {
  it("puts an error that names a field on that field, with the error's status and the route's extra data", async () => {
    const reply = (await replyToDomainError(
      new InvalidPurchaseError("below_minimum", "Minimum investment is ₹20,000"),
      submitted({ shares: "3" }),
      routes,
    )) as unknown as Reply;
    expect(reply.init.status).toBe(400);
    expect(reply.data).toMatchObject({
      shares: "3",
      followUp: null,
      result: { status: "error", error: { shares: ["Minimum investment is ₹20,000"] } },
    });
  });

  it("puts any other domain error on the form", async () => {
    const reply = (await replyToDomainError(new DuplicatePurchaseError(), submitted({ shares: "1" }), routes)) as unknown as Reply;
    expect(reply.init.status).toBe(409);
    expect(reply.data.result).toMatchObject({ error: { "": ["This transaction is already being processed."] } });
  });

  it("answers a mapped code with a redirect and a toast that carries the error's message", async () => {
    const response = (await replyToDomainError(new KycRequiredError(), null, routes)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/kyc");
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const { toasts } = await getFlashToasts(new Request("http://app.test/kyc", { headers: { Cookie: cookie } }));
    expect(toasts).toEqual([
      expect.objectContaining({
        kind: "error",
        title: "KYC Required",
        description: "KYC approval required. Please complete your verification.",
      }),
    ]);
  });

  it("hands the follow-up to a page that shows it itself", async () => {
    const reply = (await replyToDomainError(new KycRequiredError(), null, { ...routes, followUpInPage: true })) as unknown as Reply;
    expect(reply.init.status).toBe(409);
    expect(reply.data).toMatchObject({
      result: null,
      followUp: {
        to: "/kyc",
        toast: { kind: "error", title: "KYC Required", description: "KYC approval required. Please complete your verification." },
      },
    });
  });

  it("uses a code's own message and status for errors from any area, and rethrows anything else", async () => {
    const other = new DomainError("ticket_closed", "This ticket is closed.", 410);
    const reply = (await replyToDomainError(other, null)) as unknown as Reply;
    expect(reply.init.status).toBe(410);
    expect(reply.data.result).toEqual({ status: "error", error: { "": ["This ticket is closed."] } });
    const crash = new Error("database went away");
    await expect(replyToDomainError(crash, null)).rejects.toBe(crash);
  });

  it("sends any domain error back with `otherwise`, the message as the toast's title when the route gives none", async () => {
    const back = { otherwise: { to: "/watchlist", toast: { kind: "error" as const } } };
    const response = (await replyToDomainError(new DomainError("not_found", "Property not found", 404), null, back)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/watchlist");
    const toasts = await flashed(response);
    expect(toasts).toEqual([expect.objectContaining({ kind: "error", title: "Property not found" })]);
    expect(toasts[0]!.description).toBeUndefined();
    const crash = new TypeError("boom");
    await expect(replyToDomainError(crash, null, back)).rejects.toBe(crash);
  });

  it("puts the message in the description under the route's title, and the map wins over `otherwise`", async () => {
    const response = (await replyToDomainError(new DomainError("full", "The queue is full.", 429), null, {
      redirects: { other: { to: "/elsewhere", toast: { kind: "info", title: "Elsewhere" } } },
      otherwise: { to: "/support", toast: { kind: "error", title: "Request Failed" } },
    })) as Response;
    expect(response.headers.get("Location")).toBe("/support");
    expect(await flashed(response)).toEqual([
      expect.objectContaining({ kind: "error", title: "Request Failed", description: "The queue is full." }),
    ]);
    const mapped = (await replyToDomainError(new DomainError("other", "Gone elsewhere", 409), null, {
      redirects: { other: { to: "/elsewhere", toast: { kind: "info", title: "Elsewhere" } } },
      otherwise: { to: "/support", toast: { kind: "error", title: "Request Failed" } },
    })) as Response;
    expect(mapped.headers.get("Location")).toBe("/elsewhere");
  });

  it("leaves the message out of a toast whose title says it all (`withMessage: false`)", async () => {
    const response = (await replyToDomainError(new DomainError("deletion_cancelled", "Deletion Cancelled", 400, "confirmation"), null, {
      redirects: {
        deletion_cancelled: { to: "/admin/properties", toast: { kind: "info", title: "Deletion Cancelled" }, withMessage: false },
      },
    })) as Response;
    expect(response.headers.get("Location")).toBe("/admin/properties");
    const toasts = await flashed(response);
    expect(toasts).toEqual([expect.objectContaining({ kind: "info", title: "Deletion Cancelled" })]);
    expect(toasts[0]!.description).toBeUndefined();
  });

  it("answers in plain text with `asText`, for resource routes and commands with no page", async () => {
    const response = await replyToDomainError(new DomainError("forbidden", "You may not hear this channel.", 403), null, { asText: true });
    expect(response.status).toBe(403);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.text()).toBe("You may not hear this channel.");
    const crash = new RangeError("bad");
    await expect(replyToDomainError(crash, null, { asText: true })).rejects.toBe(crash);
  });
});
