import { createHmac, timingSafeEqual } from "node:crypto";
import { loadInvestorHoldings } from "~/domain/figures/investor-figures.server";
import { valuationBasis } from "~/domain/figures/valuation.server";
import { readInOneSnapshot, type Db, type PrismaClient } from "~/services/db.server";

export type CertificateContent = {
  investor: { id: string; name: string; email: string };
  issuedAt: string;
  holdings: {
    propertyId: string;
    property: string;
    spvName: string;
    shares: number;
    averageCost: string;
    invested: string;
    /** The valuation rule's price and value, and which price it was (ADR 0069); absent on certificates issued before. */
    valuationPrice?: string;
    value?: string;
    priceBasis?: string;
  }[];
  wallet: { available: string; held: string };
};
export type IssuedCertificate = { code: string; content: CertificateContent };
export type StoredCertificate = IssuedCertificate & { id: string };

/** JSON with keys sorted at every level: PostgreSQL's jsonb keeps no key order, the signature must not depend on it. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The HMAC of the content, hex. */
function sign(content: CertificateContent, secret: string): string {
  return createHmac("sha256", secret).update(canonical(content)).digest("hex");
}

/** The printed code: the first 20 hex digits of the HMAC, upper case, in groups of four. */
const codeOf = (mac: string) => mac.slice(0, 20).toUpperCase().match(/.{4}/g)!.join("-");

/** What someone typed, normalised ("ab12 cd34…" → "AB12-CD34-…"); null when it cannot be a code. */
export function normaliseCode(typed: string): string | null {
  const hex = typed.replace(/[\s-]/g, "").toUpperCase();
  return /^[0-9A-F]{20}$/.test(hex) ? codeOf(hex) : null;
}

/**
 * Issues a holdings certificate ("if Aangan disappears", ADR 0066): the investor's holdings as
 * the dashboard computes them (loadInvestorHoldings, never restated), each property's SPV, the
 * wallet, the moment; signed with the server's key and stored so an admin can confirm it.
 * The holdings and the wallet are read as of one moment (ADR 0100): read side by side, a
 * purchase landing between them certified the shares before it beside the wallet after it.
 */
export async function issueHoldingsCertificate(
  prisma: PrismaClient,
  userId: string,
  secret: string,
  now = new Date(),
): Promise<StoredCertificate> {
  const content = await readInOneSnapshot(prisma, (tx) => certificateContent(tx, userId, now));
  const code = codeOf(sign(content, secret));
  const row = await prisma.holdingsCertificate.create({ data: { userId, code, content, issuedAt: now }, select: { id: true } });
  return { id: row.id, code, content };
}

async function certificateContent(db: Db, userId: string, now: Date): Promise<CertificateContent> {
  const [profile, holdings, wallet] = await Promise.all([
    db.userProfile.findUniqueOrThrow({ where: { id: userId }, select: { id: true, fullName: true, email: true } }),
    loadInvestorHoldings(db, userId),
    db.escrowBalance.findUnique({ where: { userId }, select: { availableBalance: true, heldBalance: true } }),
  ]);
  const held = holdings.filter((h) => h.shares > 0);
  const properties = await db.property.findMany({
    where: { id: { in: held.map((h) => h.propertyId) } },
    select: { id: true, title: true, spvName: true },
  });
  const propertyOf = new Map(properties.map((p) => [p.id, p]));
  return {
    investor: { id: profile.id, name: profile.fullName ?? profile.email, email: profile.email },
    issuedAt: now.toISOString(),
    holdings: held
      .map((h) => ({
        propertyId: h.propertyId,
        property: propertyOf.get(h.propertyId)?.title ?? h.propertyId,
        spvName: propertyOf.get(h.propertyId)?.spvName ?? "SPV not named",
        shares: h.shares,
        averageCost: h.averagePrice,
        invested: h.invested,
        valuationPrice: h.valuationPrice,
        value: h.currentValue,
        priceBasis: valuationBasis({ source: h.valuationSource, asOf: h.valuationAsOf }),
      }))
      .sort((a, b) => a.property.localeCompare(b.property)),
    wallet: { available: (wallet?.availableBalance ?? 0).toFixed(2), held: (wallet?.heldBalance ?? 0).toFixed(2) },
  };
}

export type Verification = { genuine: false } | { genuine: true; code: string; content: CertificateContent };

/** Genuine only if a certificate with this code was issued and its stored content still signs to it. */
export async function verifyHoldingsCertificate(db: Db, typed: string, secret: string): Promise<Verification> {
  const code = normaliseCode(typed);
  if (!code) return { genuine: false };
  const row = await db.holdingsCertificate.findUnique({ where: { code }, select: { content: true } });
  if (!row) return { genuine: false };
  const content = row.content as CertificateContent;
  const expected = Buffer.from(codeOf(sign(content, secret)));
  const given = Buffer.from(code);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { genuine: true, code, content } : { genuine: false };
}
