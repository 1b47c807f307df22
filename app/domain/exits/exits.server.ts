import { Decimal, formatINR } from "~/lib/money";
import { formatShares } from "~/lib/formats";
import { isUuid } from "~/lib/uuid";
import { formatPerShareText } from "~/lib/per-share-text";
import { runTransaction, type PrismaClient, type Tx } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { recordAdminAction } from "~/domain/admin/record-admin-action.server";
import { createUserAlert } from "~/domain/alerts/create-user-alert.server";
import { alreadyAwaiting, requestApprovalIn } from "~/domain/approvals/four-eyes.server";
import { platformCash, propertyDistribution, userAvailable } from "~/domain/ledger/accounts.server";
import { postJournal } from "~/domain/ledger/post-journal.server";
import { announceMarketChange } from "~/domain/market/order-locks.server";
import { allocateExit, ExitError, netProceeds, parseExitProposal, payoutPerShare, type ExitProposalInput } from "./exit-rules";
import { stopTradingForExit, type StoppedTrading } from "./stop-trading.server";
import { removeSaleDocuments, storeSaleDocuments, type IncomingSaleDocument, type StoredSaleDocument } from "./sale-documents.server";
import type { PrivateStorage } from "~/services/storage/private-storage.server";

const notFound = () => new ExitError("exit_not_found", "Sale not found.", 404);

type ExitRow = {
  id: string;
  property_id: string;
  title: string;
  total_shares: number;
  status: string;
  buyer_name: string;
  sale_price: string;
  costs: string;
  expected_completion_date: string;
};

async function readExit(tx: Tx, exitId: string): Promise<ExitRow | null> {
  if (!isUuid(exitId)) return null;
  const [row] = await tx.$queryRaw<ExitRow[]>`
    SELECT e.id::text AS id, e.property_id, p.title, p.total_shares, e.status, e.buyer_name,
           e.sale_price::text AS sale_price, e.costs::text AS costs,
           to_char(e.expected_completion_date, 'YYYY-MM-DD') AS expected_completion_date
      FROM property_exits e JOIN properties p ON p.id = e.property_id
     WHERE e.id = ${exitId}::uuid`;
  return row ?? null;
}

const money = (value: Decimal.Value) => formatINR(value, { paise: true });

/**
 * An admin proposes the sale of a property. The proposal and its four-eyes request are written
 * together: nothing changes for investors until a second admin approves it (agreeExit).
 */
export async function proposeExit(
  prisma: PrismaClient,
  input: { adminId: string; propertyId: string } & ExitProposalInput,
  files?: { storage: PrivateStorage; documents: readonly IncomingSaleDocument[] },
): Promise<{ exitId: string; approvalId: string }> {
  // The form is checked before a byte is stored; the documents are stored before the transaction.
  parseExitProposal(input);
  const stored = files && files.documents.length > 0 ? await storeSaleDocuments(files.storage, input.propertyId, files.documents) : [];
  try {
    return await runTransaction(prisma, "exits.propose", (tx) => proposeExitIn(tx, { ...input, documents: stored }));
  } catch (error) {
    if (files) await removeSaleDocuments(files.storage, stored);
    // Two proposals racing: the partial unique index on property_exits admits one.
    if (error && typeof error === "object" && "code" in error && error.code === "P2002") throw alreadyLive("proposed");
    throw error;
  }
}

/** proposeExit inside a transaction the caller owns (the demo seed's). */
export async function proposeExitIn(
  tx: Tx,
  input: { adminId: string; propertyId: string; documents?: readonly StoredSaleDocument[] } & ExitProposalInput,
  now = new Date(),
): Promise<{ exitId: string; approvalId: string }> {
  const proposal = parseExitProposal(input);
  const property = await tx.property.findUnique({ where: { id: input.propertyId }, select: { id: true, title: true } });
  if (!property) throw new ExitError("property_not_found", "Property not found.", 404);
  const [live] = await tx.$queryRaw<{ status: string }[]>`
    SELECT status FROM property_exits WHERE property_id = ${property.id} AND status <> 'withdrawn'`;
  if (live) throw alreadyLive(live.status);
  const exit = await tx.propertyExit.create({
    data: {
      propertyId: property.id,
      buyerName: proposal.buyerName,
      salePrice: proposal.salePrice.toFixed(2),
      costs: proposal.costs.toFixed(2),
      expectedCompletionDate: new Date(`${proposal.expectedCompletionDate}T00:00:00Z`),
      note: proposal.note,
      proposedBy: input.adminId,
      createdAt: now,
    },
    select: { id: true },
  });
  const documents = input.documents ?? [];
  if (documents.length > 0) {
    // Holder-only in the vault, published now: whoever holds shares while the sale is proposed may read them (ADR 0075).
    await tx.propertyDocument.createMany({
      data: documents.map((file) => ({
        propertyId: property.id,
        exitId: exit.id,
        documentType: "sale_document" as const,
        documentName: file.fileName.replace(/\.[^.]+$/, "").slice(0, 200) || "Sale document",
        storageKey: file.key,
        fileSize: file.size,
        mimeType: file.mime,
        uploadedBy: input.adminId,
        isPublic: false,
        uploadedAt: now,
      })),
    });
  }
  const net = netProceeds(proposal.salePrice, proposal.costs);
  await recordAdminAction(tx, {
    adminId: input.adminId,
    action: "exit.propose",
    targetType: "property_exit",
    targetId: exit.id,
    after: {
      propertyId: property.id,
      buyerName: proposal.buyerName,
      salePrice: proposal.salePrice.toFixed(2),
      costs: proposal.costs.toFixed(2),
      expectedCompletionDate: proposal.expectedCompletionDate,
      documents: documents.length,
    },
    note: proposal.note || undefined,
    at: now,
  });
  const approvalId = await requestApprovalIn(tx, {
    kind: "exit_propose",
    targetId: exit.id,
    amount: net.toFixed(2),
    summary: `Sale of ${property.title} to ${proposal.buyerName} for ${money(proposal.salePrice)} (net ${money(net)})`,
    payload: {},
    adminId: input.adminId,
  });
  return { exitId: exit.id, approvalId };
}

function alreadyLive(status: string) {
  return status === "completed"
    ? new ExitError("already_sold", "This property has already been sold.", 409)
    : new ExitError("already_proposed", "A sale of this property is already proposed or agreed.", 409);
}

export type AgreedExit = { exitId: string; propertyId: string; holders: number } & StoppedTrading;

/**
 * A second admin approved the proposal: trading in the property stops (stopTradingForExit) and
 * the sale becomes agreed, in one transaction and exactly once (a conditional update moves it
 * from 'proposed'; a second run is refused and rolls back whole). Every holder hears of it.
 */
export async function agreeExit(prisma: PrismaClient, input: { exitId: string; adminId: string }, now = new Date()): Promise<AgreedExit> {
  return runTransaction(prisma, "exits.agree", (tx) => agreeExitIn(tx, input, now));
}

/** agreeExit inside a transaction the caller owns. */
export async function agreeExitIn(tx: Tx, input: { exitId: string; adminId: string }, now = new Date()): Promise<AgreedExit> {
  const exit = await readExit(tx, input.exitId);
  if (!exit) throw notFound();
  if (exit.status !== "proposed") throw new ExitError("exit_not_proposed", "This sale is no longer awaiting agreement.", 409);
  const stopped = await stopTradingForExit(tx, { propertyId: exit.property_id, adminId: input.adminId, now });
  const flipped = await tx.$executeRaw`
    UPDATE property_exits SET status = 'agreed', approved_by = ${input.adminId}::uuid, trading_stopped_at = ${now}
     WHERE id = ${exit.id}::uuid AND status = 'proposed'`;
  if (flipped !== 1) throw new ExitError("exit_not_proposed", "This sale is no longer awaiting agreement.", 409);
  const net = netProceeds(exit.sale_price, exit.costs);
  const perShare = payoutPerShare(net, exit.total_shares);
  const holders = await holdersOf(tx, exit.property_id);
  await tellHolders(
    tx,
    holders.map((h) => ({
      ...h,
      title: `Sale agreed: ${exit.title}`,
      message:
        `${exit.title} is being sold to ${exit.buyer_name} for ${money(exit.sale_price)}, costs ${money(exit.costs)}. ` +
        `Trading in its shares has stopped. The expected pay-out is ${formatPerShareText(perShare)} a share ` +
        `(about ${money(perShare.times(h.shares).toDecimalPlaces(2, Decimal.ROUND_DOWN))} for your ${formatShares(h.shares)}), ` +
        `expected on ${exit.expected_completion_date}.`,
    })),
    exit.property_id,
    "exit_agreed",
    now,
  );
  await recordAdminAction(tx, {
    adminId: input.adminId,
    action: "exit.agree",
    targetType: "property_exit",
    targetId: exit.id,
    before: { status: "proposed" },
    after: { status: "agreed", ...stopped },
    at: now,
  });
  await announceMarketChange(tx, {
    type: "exit-agreed",
    id: exit.id,
    propertyId: exit.property_id,
    userIds: holders.map((h) => h.userId),
  });
  return { exitId: exit.id, propertyId: exit.property_id, holders: holders.length, ...stopped };
}

/** A rejected proposal is withdrawn: nothing had changed for investors. */
export async function withdrawExit(prisma: PrismaClient, input: { exitId: string; adminId: string }): Promise<void> {
  await runTransaction(prisma, "exits.withdraw", async (tx) => {
    const flipped = await tx.$executeRaw`
      UPDATE property_exits SET status = 'withdrawn' WHERE id = ${input.exitId}::uuid AND status = 'proposed'`;
    if (flipped === 1) {
      await recordAdminAction(tx, {
        adminId: input.adminId,
        action: "exit.withdraw",
        targetType: "property_exit",
        targetId: input.exitId,
        before: { status: "proposed" },
        after: { status: "withdrawn" },
      });
    }
  });
}

/** The first admin asks a second to approve paying out an agreed sale. */
export async function requestExitCompletion(
  prisma: PrismaClient,
  input: { adminId: string; exitId: string },
): Promise<{ approvalId: string }> {
  try {
    return await runTransaction(prisma, "exits.request-completion", (tx) => requestExitCompletionIn(tx, input));
  } catch (error) {
    throw alreadyAwaiting(error, "exit_complete") ?? error;
  }
}

/** requestExitCompletion inside a transaction the caller owns. */
export async function requestExitCompletionIn(tx: Tx, input: { adminId: string; exitId: string }): Promise<{ approvalId: string }> {
  const exit = await readExit(tx, input.exitId);
  if (!exit) throw notFound();
  if (exit.status === "completed") throw new ExitError("already_completed", "This sale has already been completed and paid out.", 409);
  if (exit.status !== "agreed") throw new ExitError("exit_not_agreed", "Only an agreed sale can be completed.", 409);
  const net = netProceeds(exit.sale_price, exit.costs);
  const approvalId = await requestApprovalIn(tx, {
    kind: "exit_complete",
    targetId: exit.id,
    amount: net.toFixed(2),
    summary: `Completion of the sale of ${exit.title}: ${money(net)} paid to its holders`,
    payload: {},
    adminId: input.adminId,
  });
  return { approvalId };
}

export type CompletedExit = { exitId: string; propertyId: string; holders: number; paid: string; remainder: string; perShare: string };

/**
 * Pays an agreed sale out, exactly once: the sale is claimed by a lock and a conditional update
 * from 'agreed', the holders at this moment are paid net × shares / total shares (to the paisa)
 * in one journal from platform cash, the remainder stays in the property's account as a
 * distribution's does, every position closes with its realised gain, each holder gets an
 * `exit_payout` transaction (a disposal at the sale's price per share), an alert and a mail,
 * and the property is closed. No TDS is withheld (ADR 0071).
 */
export async function completeExit(
  prisma: PrismaClient,
  input: { exitId: string; adminId: string },
  now = new Date(),
): Promise<CompletedExit> {
  return runTransaction(prisma, "exits.complete", (tx) => completeExitIn(tx, input, now));
}

/** completeExit inside a transaction the caller owns; `now` dates the journal, the pay-outs and the alerts. */
export async function completeExitIn(tx: Tx, input: { exitId: string; adminId: string }, now = new Date()): Promise<CompletedExit> {
  const exit = await readExit(tx, input.exitId);
  if (!exit) throw notFound();
  // The property's row first, as the commands that stop trading take it; then the sale's.
  await tx.$queryRaw`SELECT id FROM properties WHERE id = ${exit.property_id} FOR UPDATE`;
  const [claimed] = await tx.$queryRaw<{ status: string }[]>`
    SELECT status FROM property_exits WHERE id = ${exit.id}::uuid FOR UPDATE`;
  if (claimed?.status === "completed") throw new ExitError("already_completed", "This sale has already been completed and paid out.", 409);
  if (claimed?.status !== "agreed") throw new ExitError("exit_not_agreed", "Only an agreed sale can be completed.", 409);

  const positions = await tx.$queryRaw<{ user_id: string; shares: number; cost_basis: string }[]>`
    SELECT user_id::text AS user_id, shares, cost_basis::text AS cost_basis FROM user_property_positions
     WHERE property_id = ${exit.property_id} AND shares > 0
     ORDER BY user_id FOR UPDATE`;
  const net = netProceeds(exit.sale_price, exit.costs);
  const allocation = allocateExit(
    net,
    exit.total_shares,
    positions.map((p) => ({ userId: p.user_id, shares: p.shares })),
  );
  const perShare = payoutPerShare(net, exit.total_shares);
  const { journalId } = await postJournal(tx, {
    kind: "exit_payout",
    description: `Sale of ${exit.title}: net proceeds to its holders`,
    idempotencyKey: `exit:${exit.id}:payment`,
    createdBy: input.adminId,
    createdAt: now,
    postings: [
      { account: platformCash, amount: net.negated().toFixed(2) },
      ...allocation.payments.map((p) => ({ account: userAvailable(p.userId), amount: p.amount.toFixed(2) })),
      ...(allocation.remainder.gt(0) ? [{ account: propertyDistribution(exit.property_id), amount: allocation.remainder.toFixed(2) }] : []),
    ],
  });

  const paidOf = new Map(allocation.payments.map((p) => [p.userId, p.amount]));
  for (const position of positions) {
    const paid = paidOf.get(position.user_id) ?? new Decimal(0);
    await tx.$executeRaw`
      UPDATE user_property_positions
         SET realised_profit = realised_profit + (${paid.toFixed(2)}::numeric - cost_basis),
             shares = 0, committed_shares = 0, cost_basis = 0, avg_price = 0, updated_at = now()
       WHERE user_id = ${position.user_id}::uuid AND property_id = ${exit.property_id}`;
  }
  await tx.$executeRaw`
    UPDATE investments SET investment_status = 'completed', updated_at = now()
     WHERE property_id = ${exit.property_id} AND investment_status = 'confirmed'`;
  const pricePerShare = perShare.toDecimalPlaces(2, Decimal.ROUND_DOWN);
  if (allocation.payments.length > 0) {
    await tx.transaction.createMany({
      data: allocation.payments.map((p) => ({
        userId: p.userId,
        propertyId: exit.property_id,
        transactionType: "exit_payout" as const,
        amount: p.amount.toFixed(2),
        shares: p.shares,
        pricePerShare: pricePerShare.toFixed(2),
        description: `Sale of ${exit.title} to ${exit.buyer_name}: ${formatShares(p.shares)} at ${formatPerShareText(perShare)} a share`,
        referenceId: exit.id,
        idempotencyKey: `exit:${exit.id}`,
        journalId,
        createdAt: now,
      })),
    });
  }
  for (const position of positions) await tx.$executeRaw`SELECT recalculate_tier(${position.user_id}::uuid)`;
  const flipped = await tx.$executeRaw`
    UPDATE property_exits
       SET status = 'completed', completed_by = ${input.adminId}::uuid, completed_at = ${now},
           payment_journal_id = ${journalId}::uuid, holder_count = ${allocation.payments.length},
           eligible_shares = ${allocation.eligibleShares}, per_share_amount = ${perShare.toDecimalPlaces(4, Decimal.ROUND_DOWN).toFixed(4)}::numeric,
           paid_amount = ${allocation.paid.toFixed(2)}::numeric, remainder_amount = ${allocation.remainder.toFixed(2)}::numeric
     WHERE id = ${exit.id}::uuid AND status = 'agreed'`;
  if (flipped !== 1) throw new ExitError("already_completed", "This sale has already been completed and paid out.", 409);
  await tx.$executeRaw`
    UPDATE properties SET property_status = 'closed', shares_sellable = false, updated_at = now()
     WHERE id = ${exit.property_id} AND property_status <> 'draft'`;

  await tellHolders(
    tx,
    allocation.payments.map((p) => ({
      userId: p.userId,
      shares: p.shares,
      title: `Sale completed: ${exit.title}`,
      message:
        `${money(p.amount)} from the sale of ${exit.title} was credited to your wallet: ${formatShares(p.shares)} at ` +
        `${formatPerShareText(perShare)} a share. Your position is closed. No TDS was deducted.`,
    })),
    exit.property_id,
    "exit_paid",
    now,
  );
  await recordAdminAction(tx, {
    adminId: input.adminId,
    action: "exit.complete",
    targetType: "property_exit",
    targetId: exit.id,
    before: { status: "agreed" },
    after: {
      status: "completed",
      journalId,
      holders: allocation.payments.length,
      paid: allocation.paid.toFixed(2),
      remainder: allocation.remainder.toFixed(2),
    },
    at: now,
  });
  await announceMarketChange(tx, { type: "exit-completed", id: exit.id, propertyId: exit.property_id, userIds: [...paidOf.keys()] });
  logger.info({ exitId: exit.id, holders: allocation.payments.length }, "property sale paid out");
  return {
    exitId: exit.id,
    propertyId: exit.property_id,
    holders: allocation.payments.length,
    paid: allocation.paid.toFixed(2),
    remainder: allocation.remainder.toFixed(2),
    perShare: perShare.toFixed(4),
  };
}

async function holdersOf(tx: Tx, propertyId: string): Promise<{ userId: string; shares: number }[]> {
  const rows = await tx.$queryRaw<{ user_id: string; shares: number }[]>`
    SELECT user_id::text AS user_id, shares FROM user_property_positions WHERE property_id = ${propertyId} AND shares > 0 ORDER BY user_id`;
  return rows.map((r) => ({ userId: r.user_id, shares: r.shares }));
}

/**
 * An alert and a mail to each holder, in the change's transaction: the alert row and the
 * mail's outbox row (ADR 0060) commit with the sale's step or not at all, and the outbox is
 * drained into the mail queue afterwards, so a crash or a missing queue loses no mail.
 */
async function tellHolders(
  tx: Tx,
  notes: { userId: string; shares: number; title: string; message: string }[],
  propertyId: string,
  alertType: string,
  at: Date,
): Promise<void> {
  const users = await tx.userProfile.findMany({
    where: { id: { in: notes.map((n) => n.userId) } },
    select: { id: true, email: true, fullName: true },
  });
  const byId = new Map(users.map((u) => [u.id, u]));
  const mails: { to: string; subject: string; text: string }[] = [];
  for (const note of notes) {
    await createUserAlert(tx, { userId: note.userId, propertyId, alertType, title: note.title, message: note.message, createdAt: at });
    const user = byId.get(note.userId);
    if (!user?.email) continue;
    mails.push({
      to: user.email,
      subject: note.title,
      text: [`Hello ${user.fullName ?? ""}`.trim() + ",", "", note.message, "", "Aangan"].join("\n"),
    });
  }
  if (mails.length > 0) await tx.mailOutbox.createMany({ data: mails.map((message) => ({ message })) });
}
