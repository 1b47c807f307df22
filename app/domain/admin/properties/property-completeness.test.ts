import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { localPrivateStorage } from "~/services/storage/local-private-storage.server";
import { createUser } from "../../../../tests/setup/factories";
import { useTestDatabase } from "../../../../tests/setup/test-database";
import { createProperty, updateProperty } from "./manage-property.server";
import { deletePropertyDocument } from "./property-documents.server";
import { parsePropertyForm } from "./property-form";

const db = useTestDatabase();
const prisma = () => db.current.prisma;
const storage = localPrivateStorage(mkdtempSync(path.join(tmpdir(), "aangan-complete-")));

const BASICS = {
  title: "Neem Tree Offices",
  description: "Grade A offices",
  address: "12 Ring Road",
  city: "Pune",
  totalValue: "50000000",
  sharePrice: "5000",
  fundingGoal: "50000000",
  expectedAnnualReturn: "10.5",
};
const FACTS = {
  tenantName: "Kestrel Analytics Private Limited",
  tenantSector: "IT services",
  leaseStartDate: "2025-04-01",
  leaseTermMonths: "108",
  lockInMonths: "36",
  rentEscalationPercent: "15",
  escalationIntervalMonths: "36",
  monthlyRent: "345000",
  expectedRentalYield: "8.3",
  expectedAppreciation: "2.2",
  spvName: "Neem Tree Offices Private Limited",
  spvStructure: "Private limited company that holds the title",
  valuationAmount: "51000000",
  valuerName: "Meridian Valuers LLP",
  valuationDate: "2026-10-01",
  managementFeePercent: "0.5",
  performanceFeePercent: "10",
  exitFeePercent: "0",
};

function form(values: Record<string, string>, mode: "create" | "edit" = "edit") {
  const parsed = parsePropertyForm(values, mode);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.data;
}

async function draft(values: Record<string, string> = BASICS) {
  const admin = await createUser(prisma(), { isAdmin: true });
  const { id } = await createProperty(prisma(), storage, { adminId: admin.id, data: form(values, "create"), images: [] });
  return { admin, id };
}

const addDocument = (propertyId: string, isPublic = true) =>
  prisma().propertyDocument.create({
    data: {
      propertyId,
      documentType: "legal_certificate",
      documentName: "Title report",
      storageKey: `k/${propertyId}/${Math.random()}`,
      fileSize: 10,
      mimeType: "application/pdf",
      isPublic,
    },
  });

describe("a property cannot open half-described", () => {
  it("refuses to open a property missing invest-page facts, names them, and changes nothing", async () => {
    const { admin, id } = await draft();
    const before = await prisma().property.findUniqueOrThrow({ where: { id } });
    const audited = () => prisma().adminAuditLog.count({ where: { targetId: id, action: "property.update" } });

    const refusal = updateProperty(prisma(), {
      adminId: admin.id,
      propertyId: id,
      data: form({ ...BASICS, title: "Renamed", propertyStatus: "open" }),
    });
    await expect(refusal).rejects.toMatchObject({ code: "property_incomplete", status: 409 });
    const message = await refusal.catch((error: Error) => error.message);
    for (const fact of [
      "tenant",
      "lease start",
      "expected rental yield",
      "SPV name",
      "independent valuation",
      "valuer",
      "management fee",
      "exit fee",
      "a public document",
    ]) {
      expect(message).toContain(fact);
    }
    expect(await prisma().property.findUniqueOrThrow({ where: { id } })).toEqual(before);
    expect(await audited()).toBe(0);

    // Every fact but no public document (a private one does not count): still refused, naming only that.
    await addDocument(id, false);
    await expect(
      updateProperty(prisma(), { adminId: admin.id, propertyId: id, data: form({ ...BASICS, ...FACTS, propertyStatus: "open" }) }),
    ).rejects.toThrow(/Missing: a public document\./);
    expect((await prisma().property.findUniqueOrThrow({ where: { id } })).propertyStatus).toBe("draft");

    // Facts saved while a draft are fine; with a public document it opens, a 0% exit fee counting as a fact.
    await updateProperty(prisma(), { adminId: admin.id, propertyId: id, data: form({ ...BASICS, ...FACTS }) });
    await addDocument(id);
    expect(
      await updateProperty(prisma(), { adminId: admin.id, propertyId: id, data: form({ ...BASICS, ...FACTS, propertyStatus: "open" }) }),
    ).toEqual({ changed: true });
    const opened = await prisma().property.findUniqueOrThrow({ where: { id } });
    expect(opened.propertyStatus).toBe("open");
    expect(opened.tenantName).toBe("Kestrel Analytics Private Limited");
    expect(opened.exitFeePercent?.toFixed(2)).toBe("0.00");

    // Emptying a fact of an open property is refused too.
    await expect(
      updateProperty(prisma(), {
        adminId: admin.id,
        propertyId: id,
        data: form({ ...BASICS, ...FACTS, valuerName: "", propertyStatus: "open" }),
      }),
    ).rejects.toThrow(/Missing: valuer\./);
    expect((await prisma().property.findUniqueOrThrow({ where: { id } })).valuerName).toBe("Meridian Valuers LLP");
    // Saving without a change says so.
    expect(
      await updateProperty(prisma(), { adminId: admin.id, propertyId: id, data: form({ ...BASICS, ...FACTS, propertyStatus: "open" }) }),
    ).toEqual({ changed: false });
  });

  it("refuses to create a property straight into 'open' and writes nothing", async () => {
    const admin = await createUser(prisma(), { isAdmin: true });
    await expect(
      createProperty(prisma(), storage, {
        adminId: admin.id,
        data: form({ ...BASICS, ...FACTS, title: "Straight Open", propertyStatus: "open" }, "create"),
        images: [],
      }),
    ).rejects.toThrow(/Missing: a public document\./);
    expect(await prisma().property.count({ where: { title: "Straight Open" } })).toBe(0);
  });

  it("will not delete the last public document of an open property", async () => {
    const { admin, id } = await draft({ ...BASICS, ...FACTS });
    const only = await addDocument(id);
    await updateProperty(prisma(), { adminId: admin.id, propertyId: id, data: form({ ...BASICS, ...FACTS, propertyStatus: "open" }) });
    await expect(
      deletePropertyDocument(prisma(), storage, { adminId: admin.id, propertyId: id, documentId: only.id }),
    ).rejects.toMatchObject({
      code: "property_incomplete",
    });
    expect(await prisma().propertyDocument.count({ where: { id: only.id } })).toBe(1);
  });
});
