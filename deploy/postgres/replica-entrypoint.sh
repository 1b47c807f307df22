#!/bin/sh
# The streaming replica. On its first start (an empty volume) it copies the primary with
# pg_basebackup -R (which writes primary_conninfo and standby.signal); it can also catch up from
# the WAL archive. It archives nothing until it is promoted (pg_ctl promote / SELECT
# pg_promote()), then it archives its new timeline into the same archive.
set -eu
PGDATA="${PGDATA:-/var/lib/postgresql/data}"
mkdir -p /archive "$PGDATA"
chown postgres:postgres /archive "$PGDATA"
chmod 700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until gosu postgres pg_isready -h primary -p 5432 -q; do
    echo "replica: waiting for the primary"
    sleep 1
  done
  gosu postgres env PGPASSWORD="$REPLICATION_PASSWORD" \
    pg_basebackup -h primary -p 5432 -U replicator -D "$PGDATA" -R -X stream -c fast
  echo "restore_command = 'cp /archive/%f %p'" >> "$PGDATA/postgresql.auto.conf"
fi
exec gosu postgres postgres \
  -c hot_standby=on \
  -c max_wal_senders=10 \
  -c max_connections=300 \
  -c archive_mode=on \
  -c "archive_command=test ! -f /archive/%f && cp %p /archive/%f"
