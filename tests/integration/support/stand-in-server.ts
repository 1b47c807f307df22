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
