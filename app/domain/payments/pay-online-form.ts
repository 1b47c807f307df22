import { z } from "zod";

/** The wallet's Pay Online form (ADR 0061): its intent and fields (the amount as typed; the domain parses it). */
export const PAY_ONLINE = "pay-online";

export const payOnlineSchema = z.object({
  intent: z.literal(PAY_ONLINE),
  amount: z.string().default(""),
  idempotencyKey: z.string().default(""),
});
