import path from "node:path";
import { recordAdminAction } from "~/domain/admin/record-admin-action.server";
import { valueChange } from "~/domain/valuations/nav";
import { formatINR } from "~/lib/money";
import { fileSizeIfExists, privateUploadsDir, writeFileAtomically } from "~/services/storage/local-disk.server";
import type { SeedContext } from "./context";
import { demoId } from "./ids";
import { PERSONAS, userId } from "./personas";
import { PROPERTIES } from "./properties";
import { renderPdf } from "./write-documents";

type DemoValuation = {
  propertyId: string;
  slug: string;
  daysAgo: number;
  valuer: string;
  value: string;
  debts: string;
  reserves: string;
  /** Awaiting a second admin: a change of more than 10% (ADR 0069). */
  awaiting?: boolean;
};

/**
 * Two recorded valuations of Cyber Hub (the large investor's holding is valued at its NAV) and,
 * for OMR Lakeview, one recorded and one more than 10% higher that waits for a second admin.
 * Valuer names are invented.
 */
const VALUATIONS: DemoValuation[] = [
  {
    propertyId: "cyber-hub-commercial",
    slug: "2026-h1",
    daysAgo: 300,
    valuer: "Meridian Valuers LLP",
    value: "126000000",
    debts: "5000000",
    reserves: "2000000",
  },
  {
    propertyId: "cyber-hub-commercial",
    slug: "2026-h2",
    daysAgo: 60,
    valuer: "Meridian Valuers LLP",
    value: "132000000",
    debts: "4000000",
    reserves: "2000000",
  },
  {
    propertyId: "omr-lakeview-homes",
    slug: "2026-annual",
    daysAgo: 150,
    valuer: "Coromandel Property Advisors",
    value: "31200000",
    debts: "0",
    reserves: "0",
  },
  {
    propertyId: "omr-lakeview-homes",
    slug: "2026-revaluation",
    daysAgo: 10,
    valuer: "Lakeside Chartered Surveyors",
    value: "36000000",
    debts: "0",
    reserves: "0",
    awaiting: true,
  },
];

/** Today's debts and reserves: those of each property's latest recorded valuation. */
const BALANCES: Record<string, { debts: string; reserves: string }> = {
  "cyber-hub-commercial": { debts: "4000000", reserves: "2000000" },
};

/** Writes the demo valuations (their report PDFs only when missing), each once, audited as the admin would have been. */
export async function writeValuations({ tx, clock, dataDir }: SeedContext): Promise<void> {
  const admin = userId(PERSONAS.admin.email);
  for (const [propertyId, balance] of Object.entries(BALANCES)) {
    await tx.property.update({ where: { id: propertyId }, data: balance });
  }
  const previous = new Map<string, string>();
  for (const valuation of VALUATIONS) {
    const property = PROPERTIES.find((p) => p.id === valuation.propertyId);
    if (!property) continue;
    const storageKey = `valuation-reports/${valuation.propertyId}/${valuation.slug}.pdf`;
    const file = path.join(privateUploadsDir(dataDir), storageKey);
    let size = fileSizeIfExists(file);
    if (size === null) {
      const bytes = await renderPdf(`Valuation Report: ${property.title}`, [
        `Valuer: ${valuation.valuer}`,
        `Market value: ${formatINR(valuation.value)}`,
        "Method: comparable sales cross-checked with income capitalisation.",
        "This is demo data generated for the Aangan demonstration.",
      ]);
      writeFileAtomically(file, bytes);
      size = bytes.length;
    }
    const id = demoId(`valuation:${valuation.propertyId}:${valuation.slug}`);
    const at = clock.daysAgo(valuation.daysAgo);
    const { count } = await tx.propertyValuation.createMany({
      skipDuplicates: true,
      data: [
        {
          id,
          propertyId: valuation.propertyId,
          valuer: valuation.valuer,
          valuationDate: new Date(`${at.toISOString().slice(0, 10)}T00:00:00Z`),
          value: valuation.value,
          debts: valuation.debts,
          reserves: valuation.reserves,
          reportStorageKey: storageKey,
          reportSize: size,
          status: valuation.awaiting ? "awaiting" : "recorded",
          recordedBy: admin,
          createdAt: at,
          decidedAt: valuation.awaiting ? null : at,
        },
      ],
    });
    const before = previous.get(valuation.propertyId) ?? property.totalValue;
    if (!valuation.awaiting) previous.set(valuation.propertyId, valuation.value);
    if (count === 0) continue;
    if (valuation.awaiting) {
      const change = valueChange(before, valuation.value).times(100).toFixed(2);
      await tx.moneyApproval.create({
        data: {
          id: demoId(`valuation-approval:${valuation.propertyId}:${valuation.slug}`),
          kind: "valuation",
          targetId: id,
          amount: valuation.value,
          summary: `Valuation of ${formatINR(valuation.value, { paise: true })} by ${valuation.valuer} (+${change}% against ${formatINR(before, { paise: true })})`,
          requestedBy: admin,
          createdAt: at,
        },
      });
    }
    await recordAdminAction(tx, {
      adminId: admin,
      action: valuation.awaiting ? "approval.request" : "valuation.record",
      targetType: valuation.awaiting ? "property_valuation" : "property",
      targetId: valuation.awaiting ? id : valuation.propertyId,
      after: { valuationId: id, valuer: valuation.valuer, value: valuation.value, ...(valuation.awaiting ? { status: "awaiting" } : {}) },
      at,
    });
  }
}
