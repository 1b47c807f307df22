-- Put back the index the previous migration dropped. The wider index leads with property_id
-- too, but the planner costs it higher: without this one, the overview's read of a sold
-- property's trades walked every transaction of the investor by user_id (405 rows where 5
-- were wanted, investor-figures.test.ts) instead of the property's few.
CREATE INDEX IF NOT EXISTS "transactions_property_id_idx" ON "transactions" ("property_id");
