import { randomInt } from "node:crypto";
import { DomainError } from "~/domain/errors";
import { createPendingJournal } from "~/domain/ledger/pending-journals.server";
import { InsufficientFundsError } from "~/domain/ledger/errors.server";
import { ADMIN_CHANNEL } from "~/lib/live-channels";
import { Decimal, formatINR } from "~/lib/money";
import { runTransaction, type PrismaClient, type Tx } from "~/services/db.server";
import { publish } from "~/services/realtime/publish.server";
import { mailOpsAboutFundRequest, type FundRequestPayload } from "~/domain/support/fund-request-mail.server";
import {
  checkDailyLimit,
  checkWithdrawalAmount,
  DEFAULT_FUND_LIMITS,
  insufficientBalanceMessage,
  KYC_REQUIRED_FOR_FUNDS,
  parseFundAmount,
  parsePriority,
  type FundLimits,
  type TicketPriority,
} from "./fund-request-rules";

export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

/** How long a withdrawal's hold lasts at most: well beyond the slowest turnaround (7 business days). */
export const WITHDRAWAL_HOLD_DAYS = 30;

export type FundRequestInput = {
  userId: string;
  /** As typed: validated here, whatever the form already checked. */
  amount: unknown;
  description?: string;
  priority?: unknown;
  /** Who hears about the request (OPS_EMAIL, else ADMIN_EMAILS); settings come from the caller. */
  opsRecipients: string[];
  /** The per-request and per-day limits of this kind of request (the settings; ADR 0056). */
  limits?: FundLimits;
};

export type FundRequestReceipt = {
  ticketId: string;
  type: "fund_deposit" | "fund_withdrawal";
  amount: string;
  priority: TicketPriority;
  referenceCode: string | null;
  holdJournalId: string | null;
  createdAt: string;
};

export class FundRequestError extends DomainError {}

export const kycRequiredForFunds = () =>
  new FundRequestError("kyc_required", `${KYC_REQUIRED_FOR_FUNDS.title} - ${KYC_REQUIRED_FOR_FUNDS.description}`, 403);

/** An investor asks to add money: a ticket the team completes once the transfer arrives. */
export function requestDeposit(db: PrismaClient, input: FundRequestInput, clock: Clock = systemClock): Promise<FundRequestReceipt> {
  return raiseFundRequest(db, input, "add_funds", clock);
}

/**
 * An investor asks to withdraw: the ticket and a hold on the amount are written together,
 * so the held rupees can be neither spent nor asked for again while the request is open.
 */
export function requestWithdrawal(db: PrismaClient, input: FundRequestInput, clock: Clock = systemClock): Promise<FundRequestReceipt> {
  return raiseFundRequest(db, input, "withdraw_funds", clock);
}

type TicketKind = "add_funds" | "withdraw_funds";

async function raiseFundRequest(db: PrismaClient, input: FundRequestInput, kind: TicketKind, clock: Clock): Promise<FundRequestReceipt> {
  return runTransaction(db, `request-${kind}`, (tx) => raiseInTransaction(tx, input, kind, clock.now()));
}

/** requestDeposit inside a transaction the caller holds (the demo seed), like requestWithdrawalIn. */
export function requestDepositIn(tx: Tx, input: FundRequestInput, now: Date, ticketId?: string): Promise<FundRequestReceipt> {
  return raiseInTransaction(tx, input, "add_funds", now, ticketId);
}

/**
 * requestWithdrawal inside a transaction the caller holds (the demo seed, which writes
 * everything in one transaction); `ticketId` fixes the new ticket's id (demo data only).
 */
export function requestWithdrawalIn(tx: Tx, input: FundRequestInput, now: Date, ticketId?: string): Promise<FundRequestReceipt> {
  return raiseInTransaction(tx, input, "withdraw_funds", now, ticketId);
}

async function raiseInTransaction(
  tx: Tx,
  input: FundRequestInput,
  kind: TicketKind,
  now: Date,
  ticketId?: string,
): Promise<FundRequestReceipt> {
  const limits = input.limits ?? DEFAULT_FUND_LIMITS;
  const parsed = parseFundAmount(input.amount, limits);
  if (!parsed.ok) throw new FundRequestError("invalid_amount", parsed.message, 400, "amount");
  const priority = parsePriority(input.priority);
  const description = (input.description ?? "").trim().slice(0, 2000);
  const profile = await tx.userProfile.findUnique({
    where: { id: input.userId },
    select: { email: true, fullName: true, phone: true, kycStatus: true },
  });
  if (!profile) throw new FundRequestError("not_found", "Please sign in to manage funds", 401);
  if (profile.kycStatus !== "approved") throw kycRequiredForFunds();

  // Locks the wallet row: two withdrawal requests of one user queue here and the second
  // sees what the first held.
  const [wallet] = await tx.$queryRaw<{ available_balance: string }[]>`
      SELECT available_balance::text AS available_balance FROM escrow_balances WHERE user_id = ${input.userId}::uuid FOR UPDATE`;
  const available = new Decimal(wallet?.available_balance ?? "0");
  if (kind === "withdraw_funds") {
    const check = checkWithdrawalAmount(parsed.amount.toFixed(2), available, limits);
    if (!check.ok) throw new FundRequestError("insufficient_balance", check.message, 409, "amount");
  }
  // Under the wallet's lock, so two requests of one investor cannot both fit in what is left today.
  const today = await tx.supportTicket.aggregate({
    _sum: { amount: true },
    where: { userId: input.userId, ticketType: kind, createdAt: { gte: startOfIndiaDay(now) } },
  });
  const daily = checkDailyLimit(parsed.amount, today._sum.amount?.toFixed(2) ?? "0", limits);
  if (!daily.ok) throw new FundRequestError("daily_limit", daily.message, 400, "amount");

  const amount = parsed.amount.toFixed(2);
  const isDeposit = kind === "add_funds";
  const ticket = await tx.supportTicket.create({
    data: {
      id: ticketId,
      userId: input.userId,
      ticketType: kind,
      subject: isDeposit ? `Add funds: ${formatINR(amount, { paise: true })}` : `Withdraw funds: ${formatINR(amount, { paise: true })}`,
      description,
      amount,
      priority,
      status: "open",
      referenceCode: isDeposit ? newReferenceCode() : null,
      userContactInfo: {
        name: profile.fullName,
        phone: profile.phone,
        email: profile.email,
        request_type: isDeposit ? "add_funds" : "withdraw_funds",
        requested_amount: amount,
        current_balance: available.toFixed(2),
      },
      createdAt: now,
      updatedAt: now,
    },
    select: { id: true, referenceCode: true, createdAt: true },
  });

  let holdJournalId: string | null = null;
  if (!isDeposit) {
    holdJournalId = await holdWithdrawal(tx, { userId: input.userId, ticketId: ticket.id, amount, available, now });
    await tx.supportTicket.update({ where: { id: ticket.id }, data: { holdJournalId } });
  }
  await tx.supportTicketEvent.create({
    data: { ticketId: ticket.id, actorId: input.userId, fromStatus: null, toStatus: "open", note: "Request raised", createdAt: now },
  });
  await publish(ADMIN_CHANNEL, { type: "ticket", id: ticket.id }, tx);

  const type = isDeposit ? "fund_deposit" : "fund_withdrawal";
  const payload: FundRequestPayload = {
    ticket_id: ticket.id,
    type,
    user_info: { id: input.userId, name: profile.fullName, email: profile.email, phone: profile.phone },
    amount,
    currency: "INR",
    priority,
    description,
    current_balance: available.toFixed(2),
    created_at: ticket.createdAt.toISOString(),
    reference_code: ticket.referenceCode,
  };
  const receipt: FundRequestReceipt = {
    ticketId: ticket.id,
    type,
    amount,
    priority,
    referenceCode: ticket.referenceCode,
    holdJournalId,
    createdAt: ticket.createdAt.toISOString(),
  };
  // The request stands whether or not the mail could be queued.
  await mailOpsAboutFundRequest(tx, input.opsRecipients, payload);
  return receipt;
}

async function holdWithdrawal(
  tx: Tx,
  input: { userId: string; ticketId: string; amount: string; available: Decimal; now: Date },
): Promise<string> {
  try {
    const { journalId } = await createPendingJournal(tx, {
      kind: "withdrawal_hold",
      userId: input.userId,
      amount: input.amount,
      expiresAt: new Date(input.now.getTime() + WITHDRAWAL_HOLD_DAYS * 24 * 60 * 60 * 1000),
      description: `Held for withdrawal request ${ticketReference(input.ticketId)}`,
      idempotencyKey: `ticket:${input.ticketId}:hold`,
      createdBy: input.userId,
      createdAt: input.now,
    });
    return journalId;
  } catch (error) {
    if (error instanceof InsufficientFundsError) {
      throw new FundRequestError("insufficient_balance", insufficientBalanceMessage(input.available), 409, "amount");
    }
    throw error;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
// India keeps one offset all year (UTC+5:30, no daylight saving).
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** Midnight in India of the India day `now` falls in: where the per-day limit starts counting. */
export function startOfIndiaDay(now: Date): Date {
  const local = now.getTime() + INDIA_OFFSET_MS;
  return new Date(local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - INDIA_OFFSET_MS);
}

/** The reference shown for a ticket: the last 8 characters of its id (spec 001, 2.9). */
export function ticketReference(ticketId: string): string {
  return ticketId.slice(-8).toUpperCase();
}

// No 0/O or 1/I: the code is read off a screen and typed into a bank's remarks field.
const REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A short code for the transfer's remarks, e.g. "AG7K-M2QX" (unique in the database). */
export function newReferenceCode(): string {
  const pick = () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  const part = () => Array.from({ length: 4 }, pick).join("");
  return `${part()}-${part()}`;
}
