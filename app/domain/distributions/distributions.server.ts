import { Decimal, formatINR } from "~/lib/money";
import { preparedQuery, runTransaction, type Db, type PreparedStatement, type PrismaClient, type Tx } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { enqueueMail } from "~/services/mail/mail-queue.server";
import { platformCash, propertyDistribution, tdsPayable, userAvailable } from "~/domain/ledger/accounts.server";
import { lockPayees, recordWithholdings, splitPayments } from "~/domain/tds/tds.server";
import { postJournal } from "~/domain/ledger/post-journal.server";
import { propertyTitles } from "~/domain/properties/property-titles.server";
import { createUserAlert } from "~/domain/alerts/create-user-alert.server";
import { recordAdminAction } from "~/domain/admin/record-admin-action.server";
import { walletEffect } from "~/domain/figures/wallet-effect";
import {
  allocate,
  DistributionError,
  endOfIstDate,
  istDate,
  parseDeclaration,
  type DeclarationInput,
  type Holding,
} from "./distribution-rules";
import { formatShares } from "~/lib/formats";

/**
 * Every investor's shares of a property at a moment, replayed from the history of completed
 * trades (primary purchases and resale purchases add, resale sales take away) created before
 * it, so shares bought or sold afterwards do not move the answer.
 */
export async function holdingsAt(db: Db, propertyId: string, moment: Date): Promise<Holding[]> {
  const rows = await db.$queryRaw<{ user_id: string; shares: number }[]>`
    SELECT user_id::text AS user_id,
           SUM(CASE WHEN transaction_type IN ('share_sale', 'transmission_out') THEN -shares ELSE shares END)::int AS shares
      FROM transactions
     WHERE property_id = ${propertyId}
       AND status = 'completed'
       AND transaction_type IN ('investment', 'share_purchase', 'share_sale', 'transmission_in', 'transmission_out')
       AND shares IS NOT NULL
       AND created_at < ${moment}
     GROUP BY user_id
    HAVING SUM(CASE WHEN transaction_type IN ('share_sale', 'transmission_out') THEN -shares ELSE shares END) > 0
     ORDER BY user_id`;
  return rows.map((row) => ({ userId: row.user_id, shares: Number(row.shares) }));
}

/**
 * An admin declares a distribution: the row and the funding journal (platform cash into the
 * property's distribution account, ADR 0035) are written together, with an audit entry.
 * A per-share declaration is funded for every issued share; what no investor held is the
 * remainder when it is paid.
 */
export async function declareDistribution(
  prisma: PrismaClient,
  input: { adminId: string; propertyId: string } & DeclarationInput,
): Promise<{ distributionId: string }> {
  const declaration = parseDeclaration(input);
  return runTransaction(prisma, "distributions.declare", (tx) => declareIn(tx, input, declaration));
}

/**
 * declareDistribution inside a transaction the caller holds, dated `at` (the demo seed only,
 * which declares a year of rent through it).
 */
export async function declareDistributionIn(
  tx: Tx,
  input: { adminId: string; propertyId: string } & DeclarationInput,
  at: Date,
): Promise<{ distributionId: string }> {
  return declareIn(tx, input, parseDeclaration(input), at);
}

async function declareIn(
  tx: Tx,
  input: { adminId: string; propertyId: string },
  declaration: ReturnType<typeof parseDeclaration>,
  at?: Date,
): Promise<{ distributionId: string }> {
  const property = await tx.property.findUnique({
    where: { id: input.propertyId },
    select: { id: true, title: true, totalShares: true },
  });
  if (!property) throw new DistributionError("property_not_found", "Property not found.", 404);
  const funded = declaration.basis === "total" ? declaration.amount : declaration.amount.times(property.totalShares);
  const { journalId } = await postJournal(tx, {
    kind: "distribution",
    description: `Rent distribution declared for ${property.title} (record date ${declaration.recordDate})`,
    postings: [
      { account: platformCash, amount: funded.negated().toFixed(2) },
      { account: propertyDistribution(property.id), amount: funded.toFixed(2) },
    ],
    createdBy: input.adminId,
    createdAt: at,
  });
  const row = await tx.propertyDistribution.create({
    data: {
      propertyId: property.id,
      basis: declaration.basis,
      totalAmount: declaration.basis === "total" ? declaration.amount.toFixed(2) : null,
      declaredPerShare: declaration.basis === "per_share" ? declaration.amount.toFixed(2) : null,
      recordDate: new Date(`${declaration.recordDate}T00:00:00Z`),
      paymentDate: new Date(`${declaration.paymentDate}T00:00:00Z`),
      note: declaration.note,
      fundedAmount: funded.toFixed(2),
      fundingJournalId: journalId,
      declaredBy: input.adminId,
      createdAt: at,
    },
    select: { id: true },
  });
  await recordAdminAction(tx, {
    adminId: input.adminId,
    action: "distribution.declare",
    targetType: "property_distribution",
    targetId: row.id,
    after: {
      propertyId: property.id,
      basis: declaration.basis,
      amount: declaration.amount.toFixed(2),
      funded: funded.toFixed(2),
      recordDate: declaration.recordDate,
      paymentDate: declaration.paymentDate,
    },
    note: declaration.note || undefined,
    at,
  });
  return { distributionId: row.id };
}

type ClaimedDistribution = {
  id: string;
  property_id: string;
  title: string;
  basis: "total" | "per_share";
  declared_per_share: string | null;
  funded_amount: string;
  record_date: string;
  payment_date: string;
};

export type DistributionMail = { to: string; name: string | null; subject: string; text: string };

export type PaymentOutcome = {
  distributionId: string;
  holders: number;
  paid: string;
  remainder: string;
  perShare: string;
  mails: DistributionMail[];
};

/**
 * Pays one distribution, exactly once: the row is locked only while it is still declared and
 * due (a second run waits for the first and then finds it paid), the holders at the end of the
 * record date are paid from the distribution account in one journal, each gets a `dividend`
 * transaction and an alert, and the status flips by a conditional update in the same
 * transaction. Returns null when there was nothing to pay. The holders' mails are returned,
 * not queued: payDistribution queues them in the same transaction. With `backDated` (the demo
 * seed only) the journal, transactions and alerts are dated `now`, not the database's clock.
 */
export async function payDistributionIn(tx: Tx, distributionId: string, now: Date, backDated = false): Promise<PaymentOutcome | null> {
  const at = backDated ? now : undefined;
  const today = istDate(now);
  const [row] = await tx.$queryRaw<ClaimedDistribution[]>`
    SELECT d.id::text AS id, d.property_id, p.title, d.basis, d.declared_per_share::text AS declared_per_share,
           d.funded_amount::text AS funded_amount, d.record_date::text AS record_date, d.payment_date::text AS payment_date
      FROM property_distributions d JOIN properties p ON p.id = d.property_id
     WHERE d.id = ${distributionId}::uuid AND d.status = 'declared' AND d.payment_date <= ${today}::date
       FOR UPDATE OF d`;
  if (!row) return null;
  const cutoff = endOfIstDate(row.record_date);
  if (cutoff > now) return null;
  const holdings = await holdingsAt(tx, row.property_id, cutoff);
  const allocation = allocate(row.funded_amount, row.basis, row.declared_per_share, holdings);
  // TDS (ADR 0065): each holder's gross splits into net (to the wallet) and TDS (to the payable
  // account) in this one journal, by the function the admin's preview also calls.
  await lockPayees(
    tx,
    allocation.payments.map((p) => p.userId),
  );
  const splits = await splitPayments(tx, allocation.payments, today);
  const splitOf = new Map(splits.map((s) => [s.userId, s]));
  const withheld = splits.reduce((sum, s) => sum.plus(s.tds), new Decimal(0));
  let journalId: string | null = null;
  if (allocation.payments.length > 0) {
    const posted = await postJournal(tx, {
      kind: "distribution",
      description: `Rent distribution for ${row.title} (record date ${row.record_date})`,
      idempotencyKey: `distribution:${row.id}:payment`,
      createdAt: at,
      postings: [
        { account: propertyDistribution(row.property_id), amount: allocation.paid.negated().toFixed(2) },
        ...splits.filter((s) => s.net.gt(0)).map((s) => ({ account: userAvailable(s.userId), amount: s.net.toFixed(2) })),
        ...(withheld.gt(0) ? [{ account: tdsPayable, amount: withheld.toFixed(2) }] : []),
      ],
    });
    journalId = posted.journalId;
    await recordWithholdings(tx, { distributionId: row.id, journalId, paidAt: at ?? now, splits });
  }
  const flipped = await tx.$executeRaw`
    UPDATE property_distributions
       SET status = 'paid', paid_at = ${now}, payment_journal_id = ${journalId}::uuid,
           eligible_shares = ${allocation.eligibleShares}, holder_count = ${allocation.payments.length},
           per_share_amount = ${allocation.perShare.toFixed(2)}::numeric,
           paid_amount = ${allocation.paid.toFixed(2)}::numeric, remainder_amount = ${allocation.remainder.toFixed(2)}::numeric
     WHERE id = ${row.id}::uuid AND status = 'declared'`;
  if (flipped !== 1) throw new Error("the distribution was paid by another run");
  const perShareText = formatINR(allocation.perShare, { paise: true });
  const splitText = (userId: string) => {
    const s = splitOf.get(userId)!;
    const money = (value: Decimal) => formatINR(value, { paise: true });
    return s.tds.gt(0)
      ? `gross ${money(s.gross)}, TDS ${money(s.tds)} withheld (section ${s.section}, ${s.rate.toFixed(2).replace(/\.00$/, "")}%${s.panValid ? "" : ", PAN not furnished"}), net ${money(s.net)}`
      : `gross ${money(s.gross)}, no TDS (within the year's threshold), net ${money(s.net)}`;
  };
  if (allocation.payments.length > 0) {
    await tx.transaction.createMany({
      data: allocation.payments.map((p) => ({
        userId: p.userId,
        propertyId: row.property_id,
        transactionType: "dividend" as const,
        // What reached the wallet; the gross and the TDS are on the withholding row and in the description.
        amount: splitOf.get(p.userId)!.net.toFixed(2),
        shares: p.shares,
        pricePerShare: allocation.perShare.toFixed(2),
        description: `Rent distribution from ${row.title}: ${formatShares(p.shares)} held on ${row.record_date} at ${perShareText} a share; ${splitText(p.userId)}`,
        referenceId: row.id,
        idempotencyKey: `distribution:${row.id}`,
        journalId,
        createdAt: at,
      })),
    });
  }
  const users = await tx.userProfile.findMany({
    where: { id: { in: allocation.payments.map((p) => p.userId) } },
    select: { id: true, email: true, fullName: true },
  });
  const byId = new Map(users.map((u) => [u.id, u]));
  const mails: DistributionMail[] = [];
  for (const p of allocation.payments) {
    const amount = formatINR(splitOf.get(p.userId)!.net, { paise: true });
    const message = `${amount} from ${row.title} was credited to your wallet: ${formatShares(p.shares)} held at the end of ${row.record_date}, at ${perShareText} a share; ${splitText(p.userId)}.`;
    await createUserAlert(tx, {
      userId: p.userId,
      propertyId: row.property_id,
      alertType: "distribution_paid",
      title: "Rent distribution received",
      message,
      createdAt: at,
    });
    const user = byId.get(p.userId);
    if (user) {
      mails.push({
        to: user.email,
        name: user.fullName,
        subject: `Rent distribution from ${row.title}: ${amount}`,
        text: [`Hello ${user.fullName ?? ""}`.trim() + ",", "", message, "", "Aangan"].join("\n"),
      });
    }
  }
  return {
    distributionId: row.id,
    holders: allocation.payments.length,
    paid: allocation.paid.toFixed(2),
    remainder: allocation.remainder.toFixed(2),
    perShare: allocation.perShare.toFixed(2),
    mails,
  };
}

async function queueMails(tx: Tx, mails: DistributionMail[], distributionId: string) {
  for (const mail of mails) {
    try {
      await enqueueMail({ to: mail.to, subject: mail.subject, text: mail.text }, tx);
    } catch (error) {
      // The payment stands and the investor has the alert and the transaction.
      logger.warn({ err: error, distributionId }, "could not queue the distribution mail");
    }
  }
}

/** Pays one distribution now if it is due (its payment date has come, its record date ended). */
export async function payDistribution(prisma: PrismaClient, distributionId: string, now = new Date()): Promise<PaymentOutcome | null> {
  return runTransaction(prisma, "distributions.pay", async (tx) => {
    const outcome = await payDistributionIn(tx, distributionId, now);
    // Queued in the payment's transaction: the mails exist exactly when the money moved.
    if (outcome) await queueMails(tx, outcome.mails, outcome.distributionId);
    return outcome;
  });
}

/** The job's work: every declared distribution whose payment date has come, each in its own transaction. */
export async function payDueDistributions(prisma: PrismaClient, now = new Date()): Promise<{ paid: number; holders: number }> {
  const due = await prisma.propertyDistribution.findMany({
    where: { status: "declared", paymentDate: { lte: new Date(`${istDate(now)}T00:00:00Z`) } },
    orderBy: [{ paymentDate: "asc" }, { createdAt: "asc" }],
    select: { id: true },
  });
  let paid = 0;
  let holders = 0;
  let failed = 0;
  for (const { id } of due) {
    try {
      const outcome = await payDistribution(prisma, id, now);
      if (outcome) {
        paid += 1;
        holders += outcome.holders;
      }
    } catch (error) {
      // One distribution that cannot be paid (its transaction rolled back whole) does not hold up the others.
      failed += 1;
      logger.error({ err: error, distributionId: id }, "distribution payment failed; it stays declared");
    }
  }
  if (failed > 0) throw new Error(`${failed} distribution payment(s) failed; paid ${paid}`);
  return { paid, holders };
}

/** The admin's "Pay now": refused with a reason when the distribution is not yet due or already paid. */
export async function payDistributionNow(prisma: PrismaClient, input: { adminId: string; distributionId: string }, now = new Date()) {
  const row = await prisma.propertyDistribution.findUnique({
    where: { id: input.distributionId },
    select: { status: true, paymentDate: true },
  });
  if (!row) throw new DistributionError("distribution_not_found", "Distribution not found.", 404);
  if (row.status === "paid") throw new DistributionError("already_paid", "This distribution has already been paid.", 409);
  if (row.paymentDate.toISOString().slice(0, 10) > istDate(now)) {
    throw new DistributionError("not_due", "This distribution is not due yet: its payment date has not come.", 409);
  }
  const outcome = await payDistribution(prisma, input.distributionId, now);
  if (!outcome) throw new DistributionError("already_paid", "This distribution has already been paid.", 409);
  return outcome;
}

export type DistributionRow = {
  id: string;
  propertyId: string;
  propertyTitle: string;
  basis: "total" | "per_share";
  amount: string;
  recordDate: string;
  paymentDate: string;
  note: string;
  status: "declared" | "paid";
  fundedAmount: string;
  perShareAmount: string | null;
  paidAmount: string | null;
  remainderAmount: string | null;
  holderCount: number | null;
  eligibleShares: number | null;
  paidAt: string | null;
};

/**
 * A property's distributions, newest record date first (upcoming and past), including the
 * dividends credited without a declaration (those recorded before distributions existed, as
 * demo data seeded before ADR 0052 was amended has them): each such payout day is one paid entry, so every surface lists the
 * same payouts the investors' transactions show (ADR 0046).
 */
export async function listPropertyDistributions(db: Db, propertyId: string): Promise<DistributionRow[]> {
  const [rows, credited] = await Promise.all([
    preparedQuery<DeclaredRow>(db, READ_PROPERTY_DISTRIBUTIONS, [propertyId]),
    creditedWithoutDeclaration(db, propertyId),
  ]);
  const titles = await propertyTitles(db, rows.length || credited.length ? [propertyId] : []);
  const title = titles.get(propertyId) ?? "";
  const declared = rows.map((row) => toRow(row, title));
  return [...declared, ...credited.map((row) => ({ ...row, propertyTitle: title }))].sort((a, b) =>
    b.recordDate.localeCompare(a.recordDate),
  );
}

/** The id a payout day of undeclared dividends goes by, on the property's list and the investor's. */
export const creditedPayoutId = (day: string, description: string) => `credited:${day}:${description}`;

// The invest page reads a property's distributions on every view: prepared statements, not
// Prisma's pipeline (ADR 0026). Amounts come as numeric text (two places for pages, as
// Decimal rounds them) and days as the date itself.
const READ_PROPERTY_DISTRIBUTIONS: PreparedStatement = {
  name: "read_property_distributions",
  text: `SELECT id::text AS id, property_id, basis, total_amount::text AS total_amount,
                declared_per_share::text AS declared_per_share, to_char(record_date, 'YYYY-MM-DD') AS record_date,
                to_char(payment_date, 'YYYY-MM-DD') AS payment_date, note, status, funded_amount::text AS funded_amount,
                per_share_amount::text AS per_share_amount, paid_amount::text AS paid_amount,
                remainder_amount::text AS remainder_amount, holder_count, eligible_shares, paid_at
           FROM property_distributions
          WHERE property_id = $1
          ORDER BY record_date DESC, created_at DESC
          LIMIT 100`,
};

type DeclaredRow = {
  id: string;
  property_id: string;
  basis: string;
  total_amount: string | null;
  declared_per_share: string | null;
  record_date: string;
  payment_date: string;
  note: string;
  status: string;
  funded_amount: string;
  per_share_amount: string | null;
  paid_amount: string | null;
  remainder_amount: string | null;
  holder_count: number | null;
  eligible_shares: number | null;
  paid_at: Date | null;
};

const twoPlaces = (text: string | null) => (text === null ? null : new Decimal(text).toFixed(2));

function toRow(row: DeclaredRow, title: string): DistributionRow {
  return {
    id: row.id,
    propertyId: row.property_id,
    propertyTitle: title,
    basis: row.basis === "per_share" ? "per_share" : "total",
    amount: new Decimal(row.total_amount ?? row.declared_per_share ?? 0).toFixed(2),
    recordDate: row.record_date,
    paymentDate: row.payment_date,
    note: row.note,
    status: row.status === "paid" ? "paid" : "declared",
    fundedAmount: new Decimal(row.funded_amount).toFixed(2),
    perShareAmount: twoPlaces(row.per_share_amount),
    paidAmount: twoPlaces(row.paid_amount),
    remainderAmount: twoPlaces(row.remainder_amount),
    holderCount: row.holder_count,
    eligibleShares: row.eligible_shares,
    paidAt: row.paid_at?.toISOString() ?? null,
  };
}

const READ_CREDITED_WITHOUT_DECLARATION: PreparedStatement = {
  name: "read_credited_without_declaration",
  text: `SELECT to_char((t.created_at AT TIME ZONE 'Asia/Kolkata')::date, 'YYYY-MM-DD') AS day,
                regexp_replace(coalesce(t.description, ''), ' from .*$', '') AS description,
                sum(t.amount - t.fee)::text AS paid, count(DISTINCT t.user_id)::int AS holders, sum(t.shares)::int AS shares
           FROM transactions t
          WHERE t.property_id = $1 AND t.transaction_type = 'dividend' AND t.status = 'completed'
            AND NOT EXISTS (SELECT 1 FROM property_distributions d WHERE d.id::text = t.reference_id)
          GROUP BY 1, 2
          ORDER BY 1 DESC
          LIMIT 100`,
};

async function creditedWithoutDeclaration(db: Db, propertyId: string): Promise<DistributionRow[]> {
  const rows = await preparedQuery<{ day: string; description: string; paid: string; holders: number; shares: number | null }>(
    db,
    READ_CREDITED_WITHOUT_DECLARATION,
    [propertyId],
  );
  return rows.map((row) => ({
    id: creditedPayoutId(row.day, row.description),
    propertyId,
    propertyTitle: "",
    basis: "total",
    amount: new Decimal(row.paid).toFixed(2),
    recordDate: row.day,
    paymentDate: row.day,
    note: row.description,
    status: "paid",
    fundedAmount: new Decimal(row.paid).toFixed(2),
    perShareAmount: null,
    paidAmount: new Decimal(row.paid).toFixed(2),
    remainderAmount: null,
    holderCount: row.holders,
    eligibleShares: row.shares,
    paidAt: null,
  }));
}

export type ReceivedDistribution = {
  transactionId: string;
  distributionId: string | null;
  propertyId: string | null;
  propertyTitle: string;
  shares: number;
  /** What reached the wallet: the gross less any TDS withheld. */
  amount: string;
  /** The payout before tax and the TDS withheld from it (its withholding record); both null when nothing was withheld. */
  gross: string | null;
  taxWithheld: string | null;
  paidAt: string;
};

// The invest page and the position page read this on every view: one prepared statement, with
// whether each payout names a declared distribution and the property's title (ADR 0026).
const READ_RECEIVED_DISTRIBUTIONS: PreparedStatement = {
  name: "read_received_distributions",
  text: `SELECT t.id::text AS id, t.property_id, t.shares, t.amount::text AS amount, t.fee::text AS fee, t.description,
                t.created_at, p.title AS property_title,
                EXISTS (SELECT 1 FROM property_distributions d WHERE d.id::text = t.reference_id) AS declared,
                t.reference_id, CASE WHEN w.tds > 0 THEN w.gross::text END AS gross, NULLIF(w.tds, 0)::text AS tds
           FROM transactions t
           LEFT JOIN properties p ON p.id = t.property_id
           LEFT JOIN tds_withholdings w ON w.user_id = t.user_id AND w.distribution_id::text = t.reference_id
          WHERE t.user_id = $1::uuid AND t.property_id = $2 AND t.transaction_type = 'dividend' AND t.status = 'completed'
          ORDER BY t.created_at DESC, t.id DESC`,
};

type ReceivedRow = {
  id: string;
  property_id: string | null;
  shares: number | null;
  amount: string;
  fee: string;
  description: string | null;
  created_at: Date;
  property_title: string | null;
  declared: boolean;
  reference_id: string | null;
  gross: string | null;
  tds: string | null;
};

/** The dividends one investor received from one property, newest first. */
export async function listReceivedDistributions(db: Db, userId: string, options: { propertyId: string }): Promise<ReceivedDistribution[]> {
  const rows = await preparedQuery<ReceivedRow>(db, READ_RECEIVED_DISTRIBUTIONS, [userId, options.propertyId]);
  return rows.map((row) => ({
    transactionId: row.id,
    distributionId:
      row.declared && row.reference_id
        ? row.reference_id
        : creditedPayoutId(istDay(row.created_at), (row.description ?? "").replace(/ from .*$/, "")),
    propertyId: row.property_id,
    propertyTitle: row.property_title ?? "",
    shares: row.shares ?? 0,
    amount: walletEffect({ type: "dividend", amount: row.amount, fee: row.fee }).toFixed(2),
    gross: row.gross,
    taxWithheld: row.tds,
    paidAt: row.created_at.toISOString(),
  }));
}

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const istDay = (moment: Date) => new Date(moment.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
