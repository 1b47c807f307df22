import { createServer } from "node:http";
import { once } from "node:events";
import { razorpayStandIn, type StandInSettings } from "../../../app/services/payments/razorpay-stand-in.server";

/** The Razorpay stand-in as its own HTTP server on a free loopback port, as the payment tests use it. */
export async function startStandInServer(settings: StandInSettings): Promise<{ url: string; close: () => void }> {
  const handle = razorpayStandIn(settings);
  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.end());
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`, close: () => server.close() };
}

/** The app's settings for paying through the stand-in at `standInUrl` (its keys), on the test's database. */
export function gatewayAppEnv(input: {
  databaseUrl: string;
  sessionSecret: string;
  standInUrl: string;
  keys: { keyId: string; keySecret: string; webhookSecret: string };
}): Record<string, string> {
  return {
    DATABASE_URL: input.databaseUrl,
    SEED_DEMO_DATA: "false",
    SESSION_SECRET: input.sessionSecret,
    PAYMENTS_PROVIDER: "razorpay",
    RAZORPAY_BASE_URL: input.standInUrl,
    RAZORPAY_KEY_ID: input.keys.keyId,
    RAZORPAY_KEY_SECRET: input.keys.keySecret,
    RAZORPAY_WEBHOOK_SECRET: input.keys.webhookSecret,
    RATE_LIMIT_PER_MINUTE: "1000000",
    LOG_LEVEL: "fatal",
  };
}
