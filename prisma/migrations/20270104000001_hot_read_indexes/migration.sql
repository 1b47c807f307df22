-- Indexes for the hot reads left after issue 37's first pass (ADR 0078; the plans before and
-- after, on the bench's grown platform, are in docs/performance.md).
--
-- The invest page's market data reads a property's settled resales (share_purchase rows) three
-- times in one statement: the last trade, the 30 days' volume and the year's history. Through
-- transactions_property_id_idx each read walked every transaction of the property (its issue
-- purchases, fees and dividends included) and filtered; this reaches the resales in time order.
CREATE INDEX "transactions_property_id_transaction_type_created_at_idx"
    ON "transactions" ("property_id", "transaction_type", "created_at");

-- The support desk's pages, newest first with the id breaking ties, read from the cursor's place.
CREATE INDEX "support_tickets_created_at_id_idx" ON "support_tickets" ("created_at" DESC, "id");
