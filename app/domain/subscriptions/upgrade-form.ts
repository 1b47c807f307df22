import { z } from "zod";

/** The Upgrade Account / Upgrade to Premium forms carry only this intent. */
export const UPGRADE_INTENT = "request-upgrade";
export const upgradeFormSchema = z.object({ intent: z.literal(UPGRADE_INTENT) });
