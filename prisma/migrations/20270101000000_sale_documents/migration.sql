-- A property sale's documents (agreement, valuation, buyer's offer), attached to the sale row
-- and kept holder-only in the vault (issue 29 item 5, ADR 0075).
ALTER TYPE "property_document_type" ADD VALUE 'sale_document';

ALTER TABLE "property_documents" ADD COLUMN "exit_id" UUID;
ALTER TABLE "property_documents"
    ADD CONSTRAINT "property_documents_exit_id_fkey" FOREIGN KEY ("exit_id") REFERENCES "property_exits"("id") ON DELETE CASCADE;
CREATE INDEX "property_documents_exit_id_idx" ON "property_documents"("exit_id");
