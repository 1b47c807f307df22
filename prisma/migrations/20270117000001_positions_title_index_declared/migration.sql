-- The sidebar's index (ADR 0112) on plain columns, so schema.prisma can declare it: the schema
-- test holds every index of a table to the schema's declarations, and Prisma declares no
-- expression. A property's title is never null (properties.title is NOT NULL), so the coalesce
-- the first index sorted by changed no order.
DROP INDEX "user_property_positions_by_title_idx";
CREATE INDEX "user_property_positions_by_title_idx"
    ON "user_property_positions" ("user_id", "property_title", "property_id");
