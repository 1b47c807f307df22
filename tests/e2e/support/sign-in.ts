// Signing in for e2e tests is the signInAs fixture (./fixtures.ts), which writes a session
// row; the OAuth journey through the Google stand-in is exercised in auth.spec.ts only.

/** "₹1,02,000" or "−₹500" → rupees as a number (whole-rupee amounts only). */
export function rupees(text: string): number {
  const negative = /^[−-]/.test(text.trim());
  const digits = text.replace(/[^\d.]/g, "");
  const value = Number(digits);
  if (!Number.isFinite(value) || digits === "") throw new Error(`not an amount: ${text}`);
  return negative ? -value : value;
}
