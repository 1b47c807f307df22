-- transactions_property_id_transaction_type_created_at_idx starts with property_id, so it
-- answers every lookup by property (the foreign key's checks when a property is deleted
-- included). The single-column index only cost each transaction row one more index entry.
DROP INDEX "transactions_property_id_idx";
