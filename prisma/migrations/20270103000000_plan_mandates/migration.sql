-- UPI AutoPay mandates for monthly plans (ADR 0077): the mandate lives at the payment provider
-- (a customer, a token); a run debits it through a payment order of purpose 'plan_debit',
-- credited to the wallet like any gateway deposit, and then buys.

CREATE TABLE "plan_mandates" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "plan_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "customer_id" TEXT NOT NULL,
    "auth_order_id" TEXT,
    "token_id" TEXT,
    -- The ₹1 authorisation payment, given back once the mandate is decided (never credited).
    "auth_payment_id" TEXT,
    "auth_refunded_at" TIMESTAMPTZ(6),
    "max_amount" DECIMAL(16,2) NOT NULL,
    -- created (waiting for the payer), confirmed (debits may be made), rejected, cancelled.
    "status" TEXT NOT NULL DEFAULT 'created',
    "failure_reason" TEXT,
    "confirmed_at" TIMESTAMPTZ(6),
    "cancelled_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    CONSTRAINT "plan_mandates_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "plan_mandates_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "investment_plans"("id") ON DELETE CASCADE,
    CONSTRAINT "plan_mandates_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user_profiles"("user_id") ON DELETE CASCADE,
    CONSTRAINT "plan_mandates_status_known" CHECK ("status" IN ('created', 'confirmed', 'rejected', 'cancelled')),
    CONSTRAINT "plan_mandates_max_positive" CHECK ("max_amount" > 0),
    CONSTRAINT "plan_mandates_confirmed_has_token" CHECK ("status" <> 'confirmed' OR "token_id" IS NOT NULL)
);
-- One live mandate (waiting or confirmed) per plan: a second set-up finds the first.
CREATE UNIQUE INDEX "plan_mandates_one_live" ON "plan_mandates"("plan_id") WHERE "status" IN ('created', 'confirmed');
CREATE UNIQUE INDEX "plan_mandates_auth_order" ON "plan_mandates"("provider", "auth_order_id");
CREATE UNIQUE INDEX "plan_mandates_token" ON "plan_mandates"("provider", "token_id");

-- A debit belongs to one run, and a run has at most one debit.
ALTER TABLE "payment_orders" ADD COLUMN "plan_run_id" UUID;
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_plan_run_id_fkey"
    FOREIGN KEY ("plan_run_id") REFERENCES "investment_plan_runs"("id") ON DELETE RESTRICT;
CREATE UNIQUE INDEX "payment_orders_plan_run" ON "payment_orders"("plan_run_id");
ALTER TABLE "payment_orders" DROP CONSTRAINT "payment_orders_purpose_known";
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_purpose_known" CHECK ("purpose" IN ('deposit', 'premium', 'plan_debit'));
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_plan_debit_has_run" CHECK (("purpose" = 'plan_debit') = ("plan_run_id" IS NOT NULL));

-- A mandate run waits for its debit ('awaiting_debit'), is 'funded' once the money is in the
-- wallet, and is then claimed to buy like any run.
ALTER TABLE "investment_plan_runs" DROP CONSTRAINT "investment_plan_runs_status_known";
ALTER TABLE "investment_plan_runs" ADD CONSTRAINT "investment_plan_runs_status_known"
    CHECK ("status" IN ('scheduled', 'running', 'completed', 'partial', 'failed', 'awaiting_debit', 'funded'));
