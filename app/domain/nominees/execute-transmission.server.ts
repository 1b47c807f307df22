import { recordAdminAction } from "~/domain/admin/record-admin-action.server";
import { createUserAlert } from "~/domain/alerts/create-user-alert.server";
import { loadInvestorHoldings } from "~/domain/figures/investor-figures.server";
import { userAvailable } from "~/domain/ledger/accounts.server";
import { postJournal } from "~/domain/ledger/post-journal.server";
import { Decimal } from "~/lib/money";
import { runTransaction, type PrismaClient, type Tx } from "~/services/db.server";
import { splitMoney, splitShares, type Share } from "./split";
import { TransmissionError } from "./transmission-error";

/**
 * Carries out an approved transmission in one transaction: every share position goes to the
 * nominees (whole shares by largest remainder), one share transfer per property, and the whole
 * available balance in one journal (to the paisa, same rule). The deceased's account is then
 * frozen and its sessions end. A conditional update on the transmission's status makes it
 * happen once, whoever calls it.
 */
export async function executeTransmission(db: PrismaClient, input: { transmissionId: string; adminId: string }) {
  return runTransaction(db, "transmission.execute", async (tx) => {
    const [claimed] = await tx.$queryRaw<{ deceased_id: string; recorded_by: string }[]>`
      UPDATE transmissions SET status = 'completed', approved_by = ${input.adminId}::uuid, completed_at = clock_timestamp()
       WHERE id = ${input.transmissionId}::uuid AND status = 'awaiting' AND recorded_by <> ${input.adminId}::uuid
       RETURNING deceased_id::text, recorded_by::text`;
    if (!claimed) throw new TransmissionError("transmission_decided", "This transmission was already carried out or decided.", 409);
    const deceasedId = claimed.deceased_id;
    const recipients = await tx.transmissionRecipient.findMany({
      where: { transmissionId: input.transmissionId },
      orderBy: { sharePercent: "desc" },
    });
    const shares: Share[] = recipients.map((r) => ({ userId: r.userId, percent: r.sharePercent }));

    const [wallet] = await tx.$queryRaw<{ available: string; held: string }[]>`
      SELECT available_balance::text AS available, held_balance::text AS held FROM escrow_balances WHERE user_id = ${deceasedId}::uuid FOR UPDATE`;
    if (wallet && new Decimal(wallet.held).gt(0)) {
      throw new TransmissionError("money_held", "The investor has money held for an open withdrawal or purchase; resolve it first.", 409);
    }
    const positions = await tx.$queryRaw<{ property_id: string; shares: number; committed: number }[]>`
      SELECT property_id, shares, committed_shares AS committed FROM user_property_positions
       WHERE user_id = ${deceasedId}::uuid AND shares > 0 ORDER BY property_id FOR UPDATE`;
    if (positions.some((p) => p.committed > 0)) {
      throw new TransmissionError("shares_committed", "The investor has shares listed for sale; cancel those orders first.", 409);
    }
    const holdings = new Map((await loadInvestorHoldings(tx, deceasedId)).map((h) => [h.propertyId, h]));
    for (const position of positions) {
      await transferProperty(tx, {
        transmissionId: input.transmissionId,
        deceasedId,
        position,
        shares,
        cost: holdings.get(position.property_id)?.invested ?? "0",
      });
    }

    const amount = new Decimal(wallet?.available ?? 0);
    let journalId: string | null = null;
    if (amount.gt(0)) {
      const parts = splitMoney(amount, shares);
      const paid = [...parts].filter(([, part]) => part.gt(0));
      ({ journalId } = await postJournal(tx, {
        kind: "transmission",
        description: "Transmission to nominees",
        idempotencyKey: `transmission:${input.transmissionId}`,
        createdBy: input.adminId,
        postings: [
          { account: userAvailable(deceasedId), amount: amount.neg().toFixed(2) },
          ...paid.map(([userId, part]) => ({ account: userAvailable(userId), amount: part.toFixed(2) })),
        ],
      }));
      await tx.transaction.create({
        data: {
          userId: deceasedId,
          transactionType: "transmission_out",
          amount: amount.toFixed(2),
          description: "Wallet transmitted to nominees",
          journalId,
          referenceId: input.transmissionId,
        },
      });
      for (const [userId, part] of paid) {
        await tx.transaction.create({
          data: {
            userId,
            transactionType: "transmission_in",
            amount: part.toFixed(2),
            description: "Wallet received by transmission",
            journalId,
            referenceId: input.transmissionId,
          },
        });
        await tx.transmissionRecipient.update({
          where: { transmissionId_userId: { transmissionId: input.transmissionId, userId } },
          data: { amount: part.toFixed(2) },
        });
      }
    }
    await tx.transmission.update({ where: { id: input.transmissionId }, data: { journalId, walletAmount: amount.toFixed(2) } });
    await tx.userProfile.update({ where: { id: deceasedId }, data: { frozenAt: new Date() } });
    await tx.session.deleteMany({ where: { userId: deceasedId } });
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "transmission.complete",
      targetType: "user",
      targetId: deceasedId,
      before: { status: "awaiting", recordedBy: claimed.recorded_by },
      after: {
        transmissionId: input.transmissionId,
        status: "completed",
        properties: positions.length,
        walletAmount: amount.toFixed(2),
        frozen: true,
      },
      note: "Holdings and wallet transmitted to the nominees; account frozen",
    });
    for (const r of recipients) {
      await createUserAlert(tx, {
        userId: r.userId,
        alertType: "transmission",
        title: "Holdings received by transmission",
        message: "Shares and money from a nomination were moved to your account.",
      });
    }
    return { deceasedId, properties: positions.length, walletAmount: amount.toFixed(2), journalId };
  });
}

async function transferProperty(
  tx: Tx,
  input: {
    transmissionId: string;
    deceasedId: string;
    position: { property_id: string; shares: number };
    shares: Share[];
    cost: Decimal.Value;
  },
) {
  const { property_id: propertyId, shares: total } = input.position;
  const allocation = splitShares(total, input.shares);
  const moved = [...allocation].filter(([, n]) => n > 0);
  // The nominee's cost is the deceased's average cost for the shares they receive (as s.49 of the 1961 Act has it).
  const costs = splitMoney(
    input.cost,
    moved.map(([userId, n]) => ({ userId, percent: new Decimal(n).times(100).div(total) })),
  );
  const taken = await tx.$executeRaw`
    UPDATE user_property_positions SET shares = 0, cost_basis = 0, avg_price = 0, updated_at = now()
     WHERE user_id = ${input.deceasedId}::uuid AND property_id = ${propertyId} AND shares = ${total} AND committed_shares = 0`;
  if (taken !== 1) throw new TransmissionError("position_changed", "The investor's shares changed meanwhile; try again.", 409);
  await tx.transaction.create({
    data: {
      userId: input.deceasedId,
      propertyId,
      transactionType: "transmission_out",
      shares: total,
      amount: new Decimal(input.cost).toFixed(2),
      description: "Shares transmitted to nominees",
      referenceId: input.transmissionId,
    },
  });
  for (const [userId, n] of moved) {
    const cost = costs.get(userId) ?? new Decimal(0);
    await tx.$executeRaw`
      INSERT INTO user_property_positions (user_id, property_id, shares, cost_basis, avg_price)
      VALUES (${userId}::uuid, ${propertyId}, ${n}, ${cost.toFixed(2)}::numeric, round(${cost.toFixed(2)}::numeric / ${n}, 2))
      ON CONFLICT (user_id, property_id) DO UPDATE
        SET shares = user_property_positions.shares + EXCLUDED.shares,
            cost_basis = user_property_positions.cost_basis + EXCLUDED.cost_basis,
            avg_price = round((user_property_positions.cost_basis + EXCLUDED.cost_basis) / (user_property_positions.shares + EXCLUDED.shares), 2),
            updated_at = now()`;
    await tx.transaction.create({
      data: {
        userId,
        propertyId,
        transactionType: "transmission_in",
        shares: n,
        amount: cost.toFixed(2),
        pricePerShare: cost.div(n).toDecimalPlaces(2).toFixed(2),
        description: "Shares received by transmission",
        referenceId: input.transmissionId,
      },
    });
  }
  await tx.transmissionShareTransfer.create({
    data: { transmissionId: input.transmissionId, propertyId, shares: total, allocation: Object.fromEntries(moved) },
  });
}
