import { PassThrough, type Readable } from "node:stream";
import archiver, { type ArchiverError } from "archiver";
import { stringify } from "csv-stringify/sync";
import { readInOneSnapshot, type Db, type PrismaClient } from "~/services/db.server";
import { valuationBasis, valuationPrices } from "~/domain/figures/valuation.server";
import { financialYearLabel } from "~/domain/distributions/distribution-rules";
import { depositedUnder } from "~/domain/tds/tax-pack.server";
import { maskPan } from "~/domain/tds/tds-split";

type Row = Record<string, string | number | boolean | null>;

export type DataExport = {
  exportedAt: string;
  profile: Row;
  kyc: { status: string; submittedAt: string | null; approvedAt: string | null; rejectionReason: string | null; documents: Row[] };
  transactions: Row[];
  holdings: Row[];
  distributions: Row[];
  tds: Row[];
  nomination: { declaredAt: string | null; optedOut: boolean | null; nominees: Row[] };
  bankAccounts: Row[];
  supportTickets: Row[];
  watchlist: Row[];
  plans: Row[];
  alerts: Row[];
};

/** The lists written as both JSON and CSV, in the order the README names them. */
const LISTS = [
  "transactions",
  "holdings",
  "distributions",
  "tds",
  "bankAccounts",
  "supportTickets",
  "watchlist",
  "plans",
  "alerts",
] as const;
const FILE_NAMES: Record<(typeof LISTS)[number], string> = {
  transactions: "transactions",
  holdings: "holdings",
  distributions: "distributions",
  tds: "tds-withheld",
  bankAccounts: "bank-accounts",
  supportTickets: "support-requests",
  watchlist: "watchlist",
  plans: "investment-plans",
  alerts: "alerts",
};

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/**
 * Everything Aangan holds about one investor, for that investor: the profile, KYC status and
 * the list of KYC documents (not the files), every transaction, holdings, the distributions
 * received and the tax withheld from them, the nomination, bank accounts (masked, as stored),
 * support requests and grievances, the watchlist with its notes, monthly plans and the
 * alerts. Read for the given user id only (ADR 0037), as of one moment (ADR 0100): read side by
 * side, a purchase landing between the reads was in the transactions but not in the holdings.
 */
export function collectDataExport(prisma: PrismaClient, userId: string, now = new Date()): Promise<DataExport | null> {
  return readInOneSnapshot(prisma, (tx) => readDataExport(tx, userId, now));
}

async function readDataExport(db: Db, userId: string, now: Date): Promise<DataExport | null> {
  const profile = await db.userProfile.findUnique({ where: { id: userId } });
  if (!profile) return null;
  const [documents, transactions, positions, alerts, tds, declaration, bankAccounts, tickets, watchlist, plans] = await Promise.all([
    db.kycDocument.findMany({ where: { userId }, orderBy: { createdAt: "asc" } }),
    db.transaction.findMany({
      where: { userId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      include: { property: { select: { title: true } } },
    }),
    db.userPropertyPosition.findMany({ where: { userId }, include: { property: { select: { title: true, sharePrice: true } } } }),
    db.userAlert.findMany({ where: { userId }, orderBy: { createdAt: "asc" } }),
    db.tdsWithholding.findMany({
      where: { userId },
      orderBy: [{ paidAt: "asc" }, { id: "asc" }],
      include: { distribution: { select: { property: { select: { title: true } } } }, deposit: true },
    }),
    db.nominationDeclaration.findUnique({ where: { userId }, include: { nominees: { orderBy: { position: "asc" } } } }),
    db.bankAccount.findMany({ where: { userId }, orderBy: { createdAt: "asc" } }),
    db.supportTicket.findMany({ where: { userId }, orderBy: { createdAt: "asc" }, include: { grievance: { select: { kind: true } } } }),
    db.watchlistEntry.findMany({ where: { userId }, orderBy: { addedAt: "asc" }, include: { property: { select: { title: true } } } }),
    db.investmentPlan.findMany({ where: { userId }, orderBy: { createdAt: "asc" } }),
  ]);
  // The one valuation rule (latest NAV, else last resale, else issue price), as on the position page.
  const prices = await valuationPrices(
    db,
    positions.map((p) => p.propertyId),
  );
  const transactionRows: Row[] = transactions.map((t) => ({
    id: t.id,
    date: t.createdAt.toISOString(),
    type: t.transactionType,
    status: t.status,
    property: t.property?.title ?? null,
    shares: t.shares,
    pricePerShare: t.pricePerShare?.toFixed(2) ?? null,
    amount: t.amount.toFixed(2),
    fee: t.fee.toFixed(2),
    description: t.description,
    reference: t.referenceId,
  }));
  return {
    exportedAt: now.toISOString(),
    profile: {
      id: profile.id,
      email: profile.email,
      fullName: profile.fullName,
      phone: profile.phone,
      dateOfBirth: profile.dateOfBirth ? profile.dateOfBirth.toISOString().slice(0, 10) : null,
      address: profile.address,
      city: profile.city,
      state: profile.state,
      postalCode: profile.postalCode,
      country: profile.country,
      tier: profile.tier,
      subscriptionActive: profile.subscriptionActive,
      trialExpiresAt: iso(profile.trialExpiresAt),
      signInWithGoogle: profile.googleSubject !== null,
      createdAt: iso(profile.createdAt),
      lastActivityAt: iso(profile.lastActivityAt),
    },
    kyc: {
      status: profile.kycStatus,
      submittedAt: iso(profile.kycSubmittedAt),
      approvedAt: iso(profile.kycApprovedAt),
      rejectionReason: profile.kycRejectionReason,
      documents: documents.map((d) => ({
        id: d.id,
        type: d.documentType,
        fileName: d.fileName,
        mimeType: d.mimeType,
        fileSize: d.fileSize,
        verificationStatus: d.verificationStatus,
        uploadedAt: d.createdAt.toISOString(),
        reviewedAt: iso(d.reviewedAt),
        details: JSON.stringify(d.metadata ?? {}),
      })),
    },
    transactions: transactionRows,
    holdings: positions.map((p) => ({
      propertyId: p.propertyId,
      property: p.property.title,
      shares: p.shares,
      sharesListedForSale: p.committedShares,
      averagePrice: p.avgPrice.toFixed(2),
      costBasis: p.costBasis.toFixed(2),
      realisedProfit: p.realisedProfit.toFixed(2),
      currentSharePrice: prices.get(p.propertyId)?.price ?? p.property.sharePrice.toFixed(2),
      currentSharePriceIs: valuationBasis(prices.get(p.propertyId) ?? { source: "issue_price", asOf: null }),
      updatedAt: p.updatedAt.toISOString(),
    })),
    distributions: transactionRows.filter((t) => t.type === "dividend"),
    tds: tds.map((t) => ({
      paidAt: t.paidAt.toISOString(),
      property: t.distribution.property.title,
      act: t.act,
      section: t.section,
      panQuoted: maskPan(t.pan),
      gross: t.gross.toFixed(2),
      ratePercent: t.rate.toFixed(2),
      tdsWithheld: t.tds.toFixed(2),
      netPaid: t.net.toFixed(2),
      financialYear: financialYearLabel(t.financialYear),
      quarter: `Q${t.quarter}`,
      depositedUnder: depositedUnder(t),
    })),
    nomination: {
      declaredAt: iso(declaration?.declaredAt),
      optedOut: declaration?.optedOut ?? null,
      nominees: (declaration?.nominees ?? []).map((n) => ({
        position: n.position,
        fullName: n.fullName,
        relationship: n.relationship,
        dateOfBirth: n.dateOfBirth.toISOString().slice(0, 10),
        sharePercent: n.sharePercent.toFixed(2),
        contact: n.contact,
      })),
    },
    bankAccounts: bankAccounts.map((b) => ({
      holderName: b.holderName,
      accountNumber: b.maskedNumber,
      ifsc: b.ifsc,
      bank: b.bankName,
      accountType: b.accountType,
      validation: b.validationStatus,
      nameAtBank: b.registeredName,
      addedAt: b.createdAt.toISOString(),
      replacedAt: iso(b.supersededAt),
    })),
    supportTickets: tickets.map((t) => ({
      id: t.id,
      date: t.createdAt.toISOString(),
      type: t.ticketType,
      grievance: t.grievance?.kind ?? null,
      subject: t.subject,
      description: t.description,
      amount: t.amount?.toFixed(2) ?? null,
      status: t.status,
      response: t.adminResponse,
      resolvedAt: iso(t.resolvedAt),
    })),
    watchlist: watchlist.map((w) => ({ property: w.property.title, notes: w.notes, addedAt: w.addedAt.toISOString() })),
    plans: plans.map((plan) => ({
      id: plan.id,
      amount: plan.amount.toFixed(2),
      dayOfMonth: plan.dayOfMonth,
      startDate: plan.startDate.toISOString().slice(0, 10),
      endDate: plan.endDate ? plan.endDate.toISOString().slice(0, 10) : null,
      target: plan.targetKind,
      status: plan.status,
      createdAt: plan.createdAt.toISOString(),
    })),
    alerts: alerts.map((a) => ({
      id: a.id,
      date: a.createdAt.toISOString(),
      type: a.alertType,
      title: a.title,
      message: a.message,
      read: a.isRead,
    })),
  };
}

function csv(rows: Row[]): string {
  if (rows.length === 0) return "";
  return stringify(rows, { header: true, columns: Object.keys(rows[0]!), bom: true, record_delimiter: "windows" });
}

const README = `Your data from Aangan

Every file comes as JSON (complete, nested) and, where it is a list, CSV (for spreadsheets):
- profile.json: your profile as Aangan keeps it.
- kyc.json, kyc-documents.csv: your KYC status and the documents you uploaded (the list, not the files).
- transactions.json/.csv: every transaction on your account.
- holdings.json/.csv: the shares you hold in each property, with today's price by the valuation rule (latest NAV, else the last resale, else the issue price) and which price that is.
- distributions.json/.csv: the rent distributions paid to you.
- tds-withheld.json/.csv: the income tax withheld from those distributions, with the section, the rate and the challan it was deposited under.
- nomination.json: your nominees, or that you opted out.
- bank-accounts.json/.csv: the bank accounts you added for withdrawals (account numbers masked, as Aangan stores them).
- support-requests.json/.csv: your support requests and grievances, with the answers.
- watchlist.json/.csv: the properties you watch and your notes on them.
- investment-plans.json/.csv: your monthly investment plans.
- alerts.json/.csv: the notifications Aangan sent you.
`;

/** The export as a zip stream (archiver), written as it is read. */
export function dataExportZip(data: DataExport): Readable {
  const archive = archiver("zip", { zlib: { level: 6 } });
  const out = new PassThrough();
  archive.on("error", (error: ArchiverError) => out.destroy(error));
  archive.pipe(out);
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  archive.append(README, { name: "README.txt" });
  archive.append(json({ exportedAt: data.exportedAt, ...data.profile }), { name: "profile.json" });
  archive.append(json(data.kyc), { name: "kyc.json" });
  archive.append(csv(data.kyc.documents), { name: "kyc-documents.csv" });
  archive.append(json(data.nomination), { name: "nomination.json" });
  for (const name of LISTS) {
    archive.append(json(data[name]), { name: `${FILE_NAMES[name]}.json` });
    archive.append(csv(data[name]), { name: `${FILE_NAMES[name]}.csv` });
  }
  void archive.finalize();
  return out;
}
