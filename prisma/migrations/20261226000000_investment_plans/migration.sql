-- Monthly investment plans (SIP), their runs, and rent reinvestment (issue 31, ADR 0072).

-- A plan: a fixed amount bought from the wallet every month on a day (1-31; the last day of a
-- shorter month), from a start date to an optional end date, into one property, a weighted basket,
-- or every open property of one type.
CREATE TABLE "investment_plans" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "amount" DECIMAL(16,2) NOT NULL,
    "day_of_month" INTEGER NOT NULL,
    "start_date" DATE NOT NULL,
    "end_date" DATE,
    "target_kind" TEXT NOT NULL,
    "property_type" "property_type",
    "status" TEXT NOT NULL DEFAULT 'active',
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "investment_plans_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "investment_plans_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user_profiles"("user_id") ON DELETE CASCADE,
    CONSTRAINT "investment_plans_amount_positive" CHECK ("amount" > 0),
    CONSTRAINT "investment_plans_day_range" CHECK ("day_of_month" BETWEEN 1 AND 31),
    CONSTRAINT "investment_plans_dates_ordered" CHECK ("end_date" IS NULL OR "end_date" >= "start_date"),
    CONSTRAINT "investment_plans_target_known" CHECK ("target_kind" IN ('property', 'basket', 'type')),
    CONSTRAINT "investment_plans_type_given" CHECK (("target_kind" = 'type') = ("property_type" IS NOT NULL)),
    CONSTRAINT "investment_plans_status_known" CHECK ("status" IN ('active', 'paused', 'cancelled'))
);
CREATE INDEX "investment_plans_user_id_created_at_idx" ON "investment_plans"("user_id", "created_at" DESC);
CREATE INDEX "investment_plans_status_idx" ON "investment_plans"("status");

-- What a property or basket plan buys, with whole-number weights (a type plan has no rows).
CREATE TABLE "investment_plan_items" (
    "plan_id" UUID NOT NULL,
    "property_id" TEXT NOT NULL,
    "weight" INTEGER NOT NULL,
    CONSTRAINT "investment_plan_items_pkey" PRIMARY KEY ("plan_id", "property_id"),
    CONSTRAINT "investment_plan_items_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "investment_plans"("id") ON DELETE CASCADE,
    CONSTRAINT "investment_plan_items_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE RESTRICT,
    CONSTRAINT "investment_plan_items_weight_range" CHECK ("weight" BETWEEN 1 AND 100)
);

-- One row per plan and month: the unique key is what lets only one worker run a period.
-- 'scheduled' is written by the day-before reminder; a run claims the row ('running') and ends
-- 'completed', 'partial' or 'failed' (with the reason).
CREATE TABLE "investment_plan_runs" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "plan_id" UUID NOT NULL,
    "period" TEXT NOT NULL,
    "due_date" DATE NOT NULL,
    "status" TEXT NOT NULL,
    "amount" DECIMAL(16,2) NOT NULL,
    "spent" DECIMAL(16,2) NOT NULL DEFAULT 0,
    "reason" TEXT,
    "lines" JSONB NOT NULL DEFAULT '[]',
    "claimed_at" TIMESTAMPTZ(6),
    "finished_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "investment_plan_runs_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "investment_plan_runs_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "investment_plans"("id") ON DELETE CASCADE,
    CONSTRAINT "investment_plan_runs_period_format" CHECK ("period" ~ '^[0-9]{4}-[0-9]{2}$'),
    CONSTRAINT "investment_plan_runs_status_known" CHECK ("status" IN ('scheduled', 'running', 'completed', 'partial', 'failed')),
    CONSTRAINT "investment_plan_runs_spent_bounded" CHECK ("spent" >= 0 AND "spent" <= "amount")
);
CREATE UNIQUE INDEX "investment_plan_runs_plan_id_period_key" ON "investment_plan_runs"("plan_id", "period");
CREATE INDEX "investment_plan_runs_status_reason_idx" ON "investment_plan_runs"("status", "reason");

-- Rent reinvestment: for one property, or for every holding (property_id NULL); the fallback is
-- the wallet or another plan's basket when the property itself is not open.
CREATE TABLE "reinvestment_choices" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "property_id" TEXT,
    "fallback_plan_id" UUID,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "reinvestment_choices_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "reinvestment_choices_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user_profiles"("user_id") ON DELETE CASCADE,
    CONSTRAINT "reinvestment_choices_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE CASCADE,
    CONSTRAINT "reinvestment_choices_fallback_plan_id_fkey" FOREIGN KEY ("fallback_plan_id") REFERENCES "investment_plans"("id") ON DELETE SET NULL
);
CREATE UNIQUE INDEX "reinvestment_choices_one_per_property" ON "reinvestment_choices"("user_id", "property_id") WHERE "property_id" IS NOT NULL;
CREATE UNIQUE INDEX "reinvestment_choices_one_for_all" ON "reinvestment_choices"("user_id") WHERE "property_id" IS NULL;

-- One reinvestment per distribution and investor, whichever job run or retry gets there first:
-- it links the dividend transaction to the purchases it paid for.
CREATE TABLE "reinvestments" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "distribution_id" UUID NOT NULL,
    "dividend_transaction_id" UUID NOT NULL,
    "net_amount" DECIMAL(16,2) NOT NULL,
    "spent" DECIMAL(16,2) NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL,
    "reason" TEXT,
    "lines" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "reinvestments_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "reinvestments_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user_profiles"("user_id") ON DELETE CASCADE,
    CONSTRAINT "reinvestments_distribution_id_fkey" FOREIGN KEY ("distribution_id") REFERENCES "property_distributions"("id") ON DELETE RESTRICT,
    CONSTRAINT "reinvestments_status_known" CHECK ("status" IN ('running', 'completed', 'partial', 'failed'))
);
CREATE UNIQUE INDEX "reinvestments_distribution_id_user_id_key" ON "reinvestments"("distribution_id", "user_id");
CREATE INDEX "reinvestments_user_id_created_at_idx" ON "reinvestments"("user_id", "created_at" DESC);
