import { recordAdminAction } from "~/domain/admin/record-admin-action.server";
import { DomainError } from "~/domain/errors";
import { runTransaction, type PrismaClient, type Tx } from "~/services/db.server";
import type { PrivateStorage } from "~/services/storage/private-storage.server";
import { assertReadyToOpen, incompletePropertyError, missingInvestPageFacts } from "./property-completeness.server";
import { FACT_FIELDS } from "./property-fact-fields";
import type { PropertyFormData } from "./property-form";
import { checkImages, deleteStoredFiles, insertImageRows, storageKeysOf, storeImages, type IncomingImage } from "./property-images.server";

export const PROPERTY_CREATED = "Property Created Successfully";
export const PROPERTY_UPDATED = "Property updated successfully";

const notFound = () => new DomainError("property_not_found", "Property not found.", 404);

const AUDITED = [
  "title",
  "description",
  "address",
  "city",
  "country",
  "propertyType",
  "propertyStatus",
  "totalValue",
  "sharePrice",
  "fundingGoal",
  "totalShares",
  "availableShares",
  "minimumInvestment",
  "maximumInvestment",
  "expectedAnnualReturn",
  "investmentStartDate",
  "investmentEndDate",
  "featured",
  "images",
  ...FACT_FIELDS.map((field) => field.name),
];

type Snapshot = { [key: string]: string | string[] | null };

function auditValue(value: unknown): string | string[] | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(String);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

function snapshot(row: object): Snapshot {
  const record = row as Record<string, unknown>;
  return Object.fromEntries(AUDITED.filter((key) => key in record).map((key) => [key, auditValue(record[key])]));
}

/** Only the fields that changed, before and after: what the audit log records. */
function difference(before: Snapshot, after: Snapshot) {
  const keys = AUDITED.filter((key) => key in after && JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])),
    after: Object.fromEntries(keys.map((k) => [k, after[k] ?? null])),
  };
}

async function lockProperty(tx: Tx, propertyId: string) {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM properties WHERE id = ${propertyId} FOR UPDATE`;
  if (rows.length === 0) throw notFound();
  return tx.property.findUniqueOrThrow({ where: { id: propertyId } });
}

function columns(data: PropertyFormData) {
  const { totalShares: _shares, ...rest } = data;
  void _shares;
  return rest;
}

/**
 * Creates a property with its images: the images are checked and stored first, then the
 * row, its image rows and the audit entry in one transaction; a failed transaction removes
 * the stored files again.
 */
export async function createProperty(
  db: PrismaClient,
  storage: PrivateStorage,
  input: { adminId: string; data: PropertyFormData; images: IncomingImage[] },
): Promise<{ id: string }> {
  // A new property has no documents yet, so it can never open straight from the create form.
  if (input.data.propertyStatus === "open") throw incompletePropertyError(missingInvestPageFacts(input.data, 0));
  await checkImages(input.images);
  const id = crypto.randomUUID();
  const stored = await storeImages(storage, id, input.images);
  try {
    return await runTransaction(db, "admin.create-property", async (tx) => {
      await tx.property.create({
        data: {
          id,
          ...columns(input.data),
          totalShares: input.data.totalShares,
          availableShares: input.data.totalShares,
          fundedAmount: 0,
          createdBy: input.adminId,
        },
      });
      const images = await insertImageRows(tx, id, stored);
      await tx.property.update({ where: { id }, data: { images } });
      await recordAdminAction(tx, {
        adminId: input.adminId,
        action: "property.create",
        targetType: "property",
        targetId: id,
        after: { ...snapshot({ ...input.data, availableShares: input.data.totalShares }), images },
      });
      return { id };
    });
  } catch (error) {
    await deleteStoredFiles(
      storage,
      stored.flatMap((image) => Object.values(image.variants)),
    );
    throw error;
  }
}

/**
 * Saves the edit form. Share price and funding goal fix how many shares exist, so once
 * anyone holds or has bought shares they are locked (ADR 0016); before that the share
 * count follows them.
 */
export async function updateProperty(db: PrismaClient, input: { adminId: string; propertyId: string; data: PropertyFormData }) {
  return runTransaction(db, "admin.update-property", async (tx) => {
    const before = await lockProperty(tx, input.propertyId);
    const sold = before.totalShares !== before.availableShares || (await hasMoneyHistory(tx, input.propertyId));
    const priceChanged = !before.sharePrice.equals(input.data.sharePrice) || !before.fundingGoal.equals(input.data.fundingGoal);
    if (sold && priceChanged) {
      throw new DomainError(
        "shares_locked",
        "Failed to update property - share price and funding goal cannot change once shares have been sold.",
        409,
        "sharePrice",
      );
    }
    const shareCounts = sold ? {} : { totalShares: input.data.totalShares, availableShares: input.data.totalShares };
    const after = await tx.property.update({ where: { id: input.propertyId }, data: { ...columns(input.data), ...shareCounts } });
    await assertReadyToOpen(tx, input.propertyId);
    const change = difference(snapshot(before), snapshot(after));
    if (Object.keys(change.after).length === 0) return { changed: false };
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "property.update",
      targetType: "property",
      targetId: input.propertyId,
      ...change,
    });
    return { changed: true };
  });
}

/** Anything that makes a property part of someone's money: it is then never deleted. */
async function hasMoneyHistory(tx: Tx, propertyId: string): Promise<boolean> {
  const [row] = await tx.$queryRaw<{ used: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM investments WHERE property_id = ${propertyId})
        OR EXISTS (SELECT 1 FROM user_property_positions WHERE property_id = ${propertyId})
        OR EXISTS (SELECT 1 FROM transactions WHERE property_id = ${propertyId})
        OR EXISTS (SELECT 1 FROM ledger_accounts WHERE property_id = ${propertyId})
        OR EXISTS (SELECT 1 FROM share_sell_requests WHERE property_id = ${propertyId})
        OR EXISTS (SELECT 1 FROM share_reservations WHERE property_id = ${propertyId}) AS used`;
  return Boolean(row?.used);
}

export async function addImages(
  db: PrismaClient,
  storage: PrivateStorage,
  input: { adminId: string; propertyId: string; images: IncomingImage[] },
): Promise<number> {
  if (input.images.length === 0) throw new DomainError("no_images", "Choose at least one image to upload.", 400, "images");
  await checkImages(input.images);
  if (!(await db.property.findUnique({ where: { id: input.propertyId }, select: { id: true } }))) throw notFound();
  const stored = await storeImages(storage, input.propertyId, input.images);
  try {
    await runTransaction(db, "admin.add-property-images", async (tx) => {
      const before = await lockProperty(tx, input.propertyId);
      const urls = await insertImageRows(tx, input.propertyId, stored);
      const images = [...before.images, ...urls];
      await tx.property.update({ where: { id: input.propertyId }, data: { images } });
      await recordAdminAction(tx, {
        adminId: input.adminId,
        action: "property.images_add",
        targetType: "property",
        targetId: input.propertyId,
        before: { images: before.images },
        after: { images },
      });
    });
  } catch (error) {
    await deleteStoredFiles(
      storage,
      stored.flatMap((image) => Object.values(image.variants)),
    );
    throw error;
  }
  return stored.length;
}

export type ImageChange = "remove" | "up" | "down" | "cover";

/** Removes, moves or makes cover one image (named by its URL, so a stale page cannot hit the wrong one). */
export async function changeImage(
  db: PrismaClient,
  storage: PrivateStorage,
  input: { adminId: string; propertyId: string; url: string; change: ImageChange },
): Promise<{ storageWarning: boolean }> {
  const removedKeys = await runTransaction(db, "admin.change-property-image", async (tx) => {
    const before = await lockProperty(tx, input.propertyId);
    const index = before.images.indexOf(input.url);
    if (index === -1) throw new DomainError("image_not_found", "That image is no longer on this property. Reload the page.", 409);
    const images = [...before.images];
    let keys: string[] = [];
    if (input.change === "remove") {
      images.splice(index, 1);
      const owned = await storageKeysOf(tx, input.propertyId, [input.url]);
      keys = owned.keys;
      if (owned.ids.length > 0) await tx.propertyImage.deleteMany({ where: { id: { in: owned.ids } } });
    } else {
      const target = input.change === "cover" ? 0 : input.change === "up" ? Math.max(0, index - 1) : Math.min(images.length - 1, index + 1);
      images.splice(index, 1);
      images.splice(target, 0, input.url);
    }
    await tx.property.update({ where: { id: input.propertyId }, data: { images } });
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action:
        input.change === "remove" ? "property.image_remove" : input.change === "cover" ? "property.image_cover" : "property.image_reorder",
      targetType: "property",
      targetId: input.propertyId,
      before: { images: before.images },
      after: { images },
    });
    return keys;
  });
  // The files go only after the row change committed; a failure leaves an orphan file, never a broken image.
  return { storageWarning: !(await deleteStoredFiles(storage, removedKeys)) };
}

export const DELETE_REFUSED =
  "Delete Failed - this property has investors, orders or money history, which is never deleted. Close the property instead.";

/**
 * Permanent delete, only for a property no money ever touched (ADR 0016). The check runs
 * under the property's row lock, and the foreign keys (RESTRICT) refuse a delete that a
 * concurrent purchase would otherwise slip past. Images and documents go with it; their
 * files are removed after the commit.
 */
export async function deleteProperty(
  db: PrismaClient,
  storage: PrivateStorage,
  input: { adminId: string; propertyId: string; confirmation: string },
): Promise<{ title: string; storageWarning: boolean }> {
  if (input.confirmation !== "DELETE") throw new DomainError("deletion_cancelled", "Deletion Cancelled", 400, "confirmation");
  try {
    const { title, keys } = await runTransaction(db, "admin.delete-property", async (tx) => {
      const before = await lockProperty(tx, input.propertyId);
      if (await hasMoneyHistory(tx, input.propertyId)) throw new DomainError("property_has_history", DELETE_REFUSED, 409);
      const [images, documents] = await Promise.all([
        tx.propertyImage.findMany({ where: { propertyId: input.propertyId }, select: { variants: true } }),
        tx.propertyDocument.findMany({ where: { propertyId: input.propertyId }, select: { storageKey: true } }),
      ]);
      await tx.property.delete({ where: { id: input.propertyId } });
      await recordAdminAction(tx, {
        adminId: input.adminId,
        action: "property.delete",
        targetType: "property",
        targetId: input.propertyId,
        before: snapshot(before),
        note: `${documents.length} document(s) deleted with it`,
      });
      return {
        title: before.title,
        keys: [...images.flatMap((i) => Object.values(i.variants as Record<string, string>)), ...documents.map((d) => d.storageKey)],
      };
    });
    return { title, storageWarning: !(await deleteStoredFiles(storage, keys)) };
  } catch (error) {
    // A purchase that committed between the check and the delete: the RESTRICT keys refuse it.
    if (!(error instanceof DomainError) && /foreign key|23503/i.test(String((error as Error)?.message))) {
      throw new DomainError("property_has_history", DELETE_REFUSED, 409);
    }
    throw error;
  }
}
