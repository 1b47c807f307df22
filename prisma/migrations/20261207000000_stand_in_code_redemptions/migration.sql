-- The Google stand-in's one-time authorization codes: a redeemed code's id is recorded here,
-- where every app process sees it, so a replay that lands on another worker is refused too.
-- A row is useless once its code has expired (a minute), and is swept then.
CREATE TABLE "stand_in_code_redemptions" (
    "code_id" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "stand_in_code_redemptions_pkey" PRIMARY KEY ("code_id")
);
CREATE INDEX "stand_in_code_redemptions_expires_at_idx" ON "stand_in_code_redemptions"("expires_at");
