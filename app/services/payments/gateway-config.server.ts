import { createHmac } from "node:crypto";
import path from "node:path";
import { paths } from "~/lib/paths";
import { getEnv } from "~/services/env.server";
import type { PaymentGateway } from "./gateway";
import { razorpayGateway } from "./razorpay.server";
import { razorpayStandIn } from "./razorpay-stand-in.server";

export const PAYMENTS_STAND_IN_PATH = "/payments-stand-in";
/** The stand-in's RazorpayX account (any digits do: the stand-in moves no money). */
export const STAND_IN_PAYOUT_ACCOUNT = "7878780080316316";

type Mode = "razorpay" | "stand-in" | "off";

/** Which gateway runs: the setting, else Razorpay when its keys are set, else the stand-in in development. */
export function paymentsMode(): Mode {
  const env = getEnv();
  if (env.PAYMENTS_PROVIDER) return env.PAYMENTS_PROVIDER;
  if (env.RAZORPAY_KEY_ID) return "razorpay";
  return env.NODE_ENV === "development" ? "stand-in" : "off";
}

/** Keys of the stand-in, derived from SESSION_SECRET so every app process agrees on them. */
function standInKey(purpose: string): string {
  return createHmac("sha256", getEnv().SESSION_SECRET).update(`aangan:razorpay-stand-in:${purpose}`).digest("hex");
}

export function standInKeys() {
  return { keyId: "rzp_test_standin", keySecret: standInKey("key-secret"), webhookSecret: standInKey("webhook-secret") };
}

// The stand-in and the app talk over loopback: APP_ORIGIN may be a public address behind a proxy.
function loopbackOrigin(): string {
  const env = getEnv();
  const host = ["0.0.0.0", "127.0.0.1", "::", "localhost"].includes(env.HOST)
    ? "127.0.0.1"
    : env.HOST.includes(":")
      ? `[${env.HOST}]`
      : env.HOST;
  return `http://${host}:${env.PORT}`;
}

let cached: { key: string; gateway: PaymentGateway | null } | undefined;

/** The configured gateway, or null when payments are off (only the ticket path then). */
export function paymentGateway(): PaymentGateway | null {
  const env = getEnv();
  const mode = paymentsMode();
  const key = `${mode}|${env.RAZORPAY_BASE_URL}|${env.PORT}|${env.APP_ORIGIN}`;
  if (cached?.key === key) return cached.gateway;
  let gateway: PaymentGateway | null = null;
  if (mode === "razorpay") {
    gateway = razorpayGateway({
      baseUrl: env.RAZORPAY_BASE_URL,
      keyId: env.RAZORPAY_KEY_ID!,
      keySecret: env.RAZORPAY_KEY_SECRET!,
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET!,
      payoutAccountNumber: env.RAZORPAYX_ACCOUNT_NUMBER ?? "",
      standIn: false,
    });
  } else if (mode === "stand-in") {
    gateway = razorpayGateway({
      baseUrl: `${loopbackOrigin()}${PAYMENTS_STAND_IN_PATH}`,
      checkoutBaseUrl: `${env.APP_ORIGIN}${PAYMENTS_STAND_IN_PATH}`,
      ...standInKeys(),
      payoutAccountNumber: STAND_IN_PAYOUT_ACCOUNT,
      standIn: true,
    });
  }
  cached = { key, gateway };
  return gateway;
}

/**
 * The gateway when it also pays out and checks bank accounts (ADR 0064): Razorpay with a
 * RazorpayX account, or the stand-in; null leaves withdrawals on the ticket path.
 */
export function payoutGateway(): PaymentGateway | null {
  const gateway = paymentGateway();
  if (!gateway) return null;
  return gateway.standIn || getEnv().RAZORPAYX_ACCOUNT_NUMBER ? gateway : null;
}

/** Origins the checkout form posts to, for the page's CSP form-action (none for the stand-in the app serves). */
export function paymentFormTargets(): string[] {
  return paymentsMode() === "razorpay" ? [new URL(getEnv().RAZORPAY_BASE_URL).origin] : [];
}

/** The stand-in's request handler, when this app serves it (stand-in mode only). */
export function servedPaymentsStandIn() {
  if (paymentsMode() !== "stand-in") return undefined;
  return razorpayStandIn({
    ...standInKeys(),
    basePath: PAYMENTS_STAND_IN_PATH,
    webhookUrl: `${loopbackOrigin()}${paths.payments.razorpayWebhook()}`,
    // Shared by every worker of a cluster, so the provider's lists agree whichever one answers.
    booksFile: path.resolve(getEnv().DATA_DIR, "payments-stand-in", "books.jsonl"),
  });
}
