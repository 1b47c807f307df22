import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect } from "./fixtures";

/** The KYC wizard's steps as an investor fills them, shared by the specs that need a KYC. */
// Real image files, made for each run: a PNG and a JPEG of a few hundred bytes.
export async function image(kind: "png" | "jpeg", shade: number) {
  const base = sharp({ create: { width: 120, height: 80, channels: 3, background: { r: shade, g: 120, b: 200 } } });
  const buffer = kind === "png" ? await base.png().toBuffer() : await base.jpeg().toBuffer();
  return { name: `scan-${shade}.${kind === "png" ? "png" : "jpg"}`, mimeType: `image/${kind}`, buffer };
}

export async function fillPersonal(page: Page) {
  await expect(page.getByText("Step 1 of 5")).toBeVisible();
  await page.getByLabel("Full name").fill("Kavya Menon");
  await page.getByLabel("Date of birth").fill("1991-03-15");
  await page.getByLabel("Address").fill("22 Residency Road");
  await page.getByLabel("City").fill("Bengaluru");
  await page.getByLabel("State or union territory").selectOption({ label: "Karnataka" });
  await page.getByLabel("PIN code").fill("560025");
  await page.getByLabel("Mobile number").fill("+91 9845012345");
  await page.getByRole("button", { name: "Next" }).click();
}

export async function fillDocuments(page: Page) {
  await expect(page.getByText("Step 2 of 5")).toBeVisible();
  await page.getByLabel("PAN number").fill("abcde1234f");
  await page.getByLabel("PAN card", { exact: true }).setInputFiles(await image("png", 10));
  await page.getByLabel("Aadhaar card (front)").setInputFiles(await image("jpeg", 40));
  await page.getByLabel("Aadhaar card (back)").setInputFiles(await image("jpeg", 70));
  await page.getByLabel(/I agree that Aangan may use my Aadhaar/).check();
  await page.getByRole("button", { name: "Next" }).click();
}

export async function fillBank(page: Page) {
  await expect(page.getByText("Step 3 of 5")).toBeVisible();
  await page.getByLabel("Account number", { exact: true }).fill("918020012345678");
  await page.getByLabel("Confirm account number").fill("918020012345678");
  await page.getByLabel("IFSC code").fill("utib0000123");
  await page.getByLabel("Bank name").fill("Axis Bank");
  await page.getByLabel("Account type").selectOption("savings");
  await page.getByRole("button", { name: "Next" }).click();
}
