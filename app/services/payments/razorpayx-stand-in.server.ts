import { createHash, randomBytes } from "node:crypto";
import { hmacHex } from "./gateway";
import type { StandInBooks } from "./stand-in-books.server";

/**
 * The RazorpayX half of the stand-in (ADR 0064): contacts, bank fund accounts, penny drops
 * and payouts, as Razorpay's API has them. Stateless like the payments half: a fund account
 * id carries the last digits, the holder's name and how the bank behaves; a payout id its
 * amount, fund account, our reference and the idempotency key, so the same key always
 * answers the same payout.
 *
 * How a test bank behaves is chosen by the account number's last four digits, like a
 * provider's test numbers: 0000 does not exist (the penny drop says invalid), 7777 is
 * registered to another name, 9999 fails every payout, 8888 pays and then reverses it;
 * anything else pays.
 */
export type Behaviour = "pays" | "invalid" | "other_name" | "fails" | "reverses";
const BEHAVIOUR_BY_DIGITS: Record<string, Behaviour> = { "0000": "invalid", "7777": "other_name", "9999": "fails", "8888": "reverses" };
const BEHAVIOUR_CODES: Record<Behaviour, string> = { pays: "p", invalid: "i", other_name: "n", fails: "f", reverses: "r" };
export const STAND_IN_OTHER_NAME = "R K TRADING COMPANY";

type FundAccountFacts = { behaviour: Behaviour; last4: string; name: string; ifsc: string };
type PayoutFacts = { amount: number; fundAccountId: string; referenceId: string; key: string };
type Delivery = (events: { id: string; body: string }[]) => Promise<number[]>;

const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64url");
const unb64 = (text: string) => Buffer.from(text, "base64url").toString("utf8");

export function razorpayXStandIn(options: { keySecret: string; pendingMs: number; deliver: Delivery; books: StandInBooks }) {
  const sign = (prefix: string, core: string) => hmacHex(options.keySecret, `${prefix}:${core}`).slice(0, 10);
  const seal = (prefix: string, core: string) => `${prefix}_${core}.${sign(prefix, core)}`;
  function unseal(prefix: string, id: string): string | null {
    const match = new RegExp(`^${prefix}_([A-Za-z0-9_~-]+)\\.([0-9a-f]{10})$`).exec(id);
    return match && sign(prefix, match[1]!) === match[2] ? match[1]! : null;
  }

  function openFundAccount(id: string): FundAccountFacts | null {
    const parts = unseal("fa", id)?.split("~");
    if (!parts || parts.length !== 5) return null;
    const behaviour = (Object.keys(BEHAVIOUR_CODES) as Behaviour[]).find((key) => BEHAVIOUR_CODES[key] === parts[0]);
    return behaviour ? { behaviour, last4: parts[1]!, name: unb64(parts[2]!), ifsc: parts[3]! } : null;
  }
  function openPayout(id: string): PayoutFacts | null {
    const parts = unseal("pout", id)?.split("~");
    if (!parts || parts.length !== 4) return null;
    return { amount: parseInt(parts[0]!, 36), fundAccountId: unb64(parts[1]!), referenceId: unb64(parts[2]!), key: parts[3]! };
  }

  function fundAccountEntity(id: string, facts: FundAccountFacts) {
    return {
      id,
      entity: "fund_account",
      account_type: "bank_account",
      bank_account: { name: facts.name, ifsc: facts.ifsc, account_number: `XXXXXXXX${facts.last4}` },
      active: true,
    };
  }
  function validationEntity(id: string, fundAccountId: string, facts: FundAccountFacts) {
    const invalid = facts.behaviour === "invalid";
    return {
      id,
      entity: "fund_account.validation",
      fund_account: fundAccountEntity(fundAccountId, facts),
      status: "completed",
      amount: 100,
      currency: "INR",
      results: {
        account_status: invalid ? "invalid" : "active",
        registered_name: invalid ? null : facts.behaviour === "other_name" ? STAND_IN_OTHER_NAME : facts.name.toUpperCase(),
      },
      utr: invalid ? null : utrFor(id),
    };
  }

  const started = new Map<string, number>();
  const outcomeOf = (facts: PayoutFacts) => openFundAccount(facts.fundAccountId)?.behaviour ?? "pays";

  function payoutEntity(id: string, facts: PayoutFacts, status: string) {
    const failed = status === "failed" || status === "reversed";
    return {
      id,
      entity: "payout",
      fund_account_id: facts.fundAccountId,
      amount: facts.amount,
      currency: "INR",
      fees: 0,
      tax: 0,
      status,
      purpose: "payout",
      mode: "IMPS",
      utr: status === "processed" || status === "reversed" ? utrFor(id) : null,
      reference_id: facts.referenceId,
      failure_reason: failed
        ? status === "failed"
          ? "Beneficiary bank is offline (stand-in)"
          : "Beneficiary account is closed (stand-in)"
        : null,
      status_details: failed ? { description: "The bank did not accept the transfer (stand-in)", source: "beneficiary_bank" } : null,
      created_at: Math.floor((started.get(id) ?? Date.now()) / 1000),
    };
  }

  /** The status a payout has had since it started; terminal once the bank has answered. */
  function statusNow(id: string, facts: PayoutFacts): string {
    const since = started.get(id);
    if (since !== undefined && Date.now() - since < options.pendingMs) return "processing";
    const behaviour = outcomeOf(facts);
    return behaviour === "fails" ? "failed" : behaviour === "reverses" ? "reversed" : "processed";
  }

  function eventBody(event: string, id: string, facts: PayoutFacts, status: string) {
    return {
      id: `evt_${createHash("sha256").update(`${event}:${id}`).digest("hex").slice(0, 14)}`,
      body: JSON.stringify({
        entity: "event",
        account_id: "acc_StandIn0000001",
        event,
        contains: ["payout"],
        payload: { payout: { entity: payoutEntity(id, facts, status) } },
        created_at: Math.floor(Date.now() / 1000),
      }),
    };
  }

  /** The bank's answers for a new payout, each after the delay: processed, failed, or processed then reversed. */
  function announce(id: string, facts: PayoutFacts) {
    const behaviour = outcomeOf(facts);
    const createdAt = started.get(id) ?? Date.now();
    const later = (ms: number, event: string, status: string) => {
      options.books.record({ kind: "payout", id, status, at: createdAt + ms, createdAt });
      setTimeout(() => void options.deliver([eventBody(event, id, facts, status)]), ms).unref();
    };
    options.books.record({ kind: "payout", id, status: "processing", at: createdAt, createdAt });
    if (behaviour === "fails") later(options.pendingMs, "payout.failed", "failed");
    else later(options.pendingMs, "payout.processed", "processed");
    if (behaviour === "reverses") later(options.pendingMs * 2, "payout.reversed", "reversed");
  }

  type Answer = { status: number; body: unknown } | null;
  const apiError = (status: number, description: string) => ({ status, body: { error: { code: "BAD_REQUEST_ERROR", description } } });

  /** Answers a RazorpayX call (already authenticated), or null when the path is not one of them. */
  return async function handleX(
    method: string,
    path: string,
    body: Record<string, unknown>,
    headers: Record<string, string | undefined>,
    query: URLSearchParams = new URLSearchParams(),
  ): Promise<Answer> {
    if (method === "POST" && path === "/v1/contacts") {
      if (typeof body.name !== "string" || body.name.trim().length < 3) return apiError(400, "The name field is required.");
      return { status: 200, body: { id: `cont_${randomBytes(7).toString("hex")}`, entity: "contact", name: body.name, active: true } };
    }
    if (method === "POST" && path === "/v1/fund_accounts") {
      const bank = (body.bank_account ?? {}) as Record<string, unknown>;
      const number = String(bank.account_number ?? "");
      const ifsc = String(bank.ifsc ?? "");
      const name = String(bank.name ?? "").slice(0, 60);
      if (!/^[0-9]{5,35}$/.test(number)) return apiError(400, "The account number is invalid.");
      if (!/^[A-Z]{4}0[A-Z0-9]{6}$/.test(ifsc)) return apiError(400, "The ifsc is invalid.");
      if (name.trim().length < 3) return apiError(400, "The name field is required.");
      const last4 = number.slice(-4);
      const facts: FundAccountFacts = { behaviour: BEHAVIOUR_BY_DIGITS[last4] ?? "pays", last4, name, ifsc };
      const id = seal("fa", [BEHAVIOUR_CODES[facts.behaviour], last4, b64(name), ifsc, randomBytes(4).toString("hex")].join("~"));
      return { status: 200, body: { ...fundAccountEntity(id, facts), contact_id: body.contact_id } };
    }
    if (method === "POST" && path === "/v1/fund_accounts/validations") {
      const fundAccountId = String(((body.fund_account ?? {}) as Record<string, unknown>).id ?? "");
      const facts = openFundAccount(fundAccountId);
      if (!facts) return apiError(400, "The id provided does not exist");
      return { status: 200, body: validationEntity(seal("fav", b64(fundAccountId)), fundAccountId, facts) };
    }
    const validation = /^\/v1\/fund_accounts\/validations\/([^/]+)$/.exec(path);
    if (method === "GET" && validation) {
      const id = decodeURIComponent(validation[1]!);
      const core = unseal("fav", id);
      const fundAccountId = core ? unb64(core) : "";
      const facts = openFundAccount(fundAccountId);
      if (!facts) return apiError(400, "The id provided does not exist");
      return { status: 200, body: validationEntity(id, fundAccountId, facts) };
    }
    if (method === "POST" && path === "/v1/payouts") {
      const key = headers["x-payout-idempotency"] ?? "";
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(key)) return apiError(400, "X-Payout-Idempotency header is required");
      const amount = body.amount;
      if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 100)
        return apiError(400, "The amount must be atleast INR 1.00");
      const fundAccountId = String(body.fund_account_id ?? "");
      if (!openFundAccount(fundAccountId)) return apiError(400, "The id provided does not exist");
      const referenceId = String(body.reference_id ?? "").slice(0, 40);
      const keyHash = createHash("sha256").update(key).digest("hex").slice(0, 12);
      const facts: PayoutFacts = { amount, fundAccountId, referenceId, key: keyHash };
      const id = seal("pout", [amount.toString(36), b64(fundAccountId), b64(referenceId), keyHash].join("~"));
      if (!started.has(id)) {
        started.set(id, Date.now());
        announce(id, facts);
      }
      return { status: 200, body: payoutEntity(id, facts, statusNow(id, facts)) };
    }
    if (method === "GET" && path === "/v1/payouts") {
      const window = listWindow(query);
      const items = options.books
        .current("payout")
        .filter((entry) => entry.createdAt >= window.from && entry.createdAt < window.to)
        .map((entry) => ({ entry, facts: openPayout(entry.id) }))
        .filter((row): row is { entry: (typeof row)["entry"]; facts: PayoutFacts } => row.facts !== null)
        .map(({ entry, facts }) => ({ ...payoutEntity(entry.id, facts, entry.status), created_at: Math.floor(entry.createdAt / 1000) }));
      return { status: 200, body: page(items, query) };
    }
    const payout = /^\/v1\/payouts\/([^/]+)$/.exec(path);
    if (method === "GET" && payout) {
      const id = decodeURIComponent(payout[1]!);
      const facts = openPayout(id);
      if (!facts) return apiError(400, "The id provided does not exist");
      return { status: 200, body: payoutEntity(id, facts, statusNow(id, facts)) };
    }
    // Test control, not Razorpay's: send one of a payout's webhooks now (several times, any order).
    if (method === "POST" && path === "/_stand-in/payout-event") {
      const id = String(body.payout_id ?? "");
      const facts = openPayout(id);
      const event = String(body.event ?? "");
      const status = { "payout.processed": "processed", "payout.reversed": "reversed", "payout.failed": "failed" }[event];
      if (!facts || !status) return apiError(400, "The id provided does not exist");
      const times = Math.min(Math.max(Number(body.times ?? 1), 1), 50);
      const one = eventBody(event, id, facts, status);
      options.books.record({ kind: "payout", id, status, at: Date.now(), createdAt: started.get(id) ?? Date.now() });
      const statuses = (await Promise.all(Array.from({ length: times }, () => options.deliver([one])))).flat();
      return { status: 200, body: { webhook_statuses: statuses } };
    }
    return null;
  };
}

/** A 12-digit IMPS reference, the same for the same payout or penny drop. */
function utrFor(id: string): string {
  return String(parseInt(createHash("sha256").update(id).digest("hex").slice(0, 12), 16) % 1e12).padStart(12, "0");
}

/** A list call's window (Unix seconds in the query) as milliseconds. */
export function listWindow(query: URLSearchParams): { from: number; to: number } {
  return { from: Number(query.get("from") ?? 0) * 1000, to: Number(query.get("to") ?? 4102444800) * 1000 };
}

/** One page of a list call, as Razorpay answers it. */
export function page(items: unknown[], query: URLSearchParams) {
  const count = Math.min(Math.max(Number(query.get("count") ?? 10), 1), 100);
  const skip = Math.max(Number(query.get("skip") ?? 0), 0);
  const slice = items.slice(skip, skip + count);
  return { entity: "collection", count: slice.length, items: slice };
}
