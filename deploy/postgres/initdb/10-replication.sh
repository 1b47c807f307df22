#!/bin/sh
# Runs once, when the primary's data directory is created: a role the replica (and
# pg_basebackup for backups) logs in as, and a pg_hba.conf line that lets it replicate.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v password="$REPLICATION_PASSWORD" <<'SQL'
CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD :'password';
SQL
echo "host replication replicator all scram-sha-256" >> "$PGDATA/pg_hba.conf"
