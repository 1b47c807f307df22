-- The admin lists at a real platform's size (issue 37). Searches ("contains", case-insensitive)
-- over e-mails, names, titles and cities use trigram indexes instead of reading every row; the
-- users list pages by a cursor on (created_at, user_id), which its index now covers in order.
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX "user_profiles_email_trgm_idx" ON "user_profiles" USING GIN ("email" gin_trgm_ops);
CREATE INDEX "user_profiles_full_name_trgm_idx" ON "user_profiles" USING GIN ("full_name" gin_trgm_ops);
CREATE INDEX "properties_title_trgm_idx" ON "properties" USING GIN ("title" gin_trgm_ops);
CREATE INDEX "properties_city_trgm_idx" ON "properties" USING GIN ("city" gin_trgm_ops);

DROP INDEX "user_profiles_created_at_idx";
CREATE INDEX "user_profiles_created_at_user_id_idx" ON "user_profiles" ("created_at" DESC, "user_id");
