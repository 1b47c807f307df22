#!/bin/sh
# The primary: the official image's entrypoint (initdb on first start, then the scripts in
# /docker-entrypoint-initdb.d), with streaming replication and WAL archiving switched on. Every
# finished WAL segment is copied to /archive (the wal-archive volume), which, with a base backup,
# restores the database to any moment since that backup (docs/operations.md, Backups).
set -eu
mkdir -p /archive
chown postgres:postgres /archive
chmod 700 /archive
exec docker-entrypoint.sh postgres \
  -c wal_level=replica \
  -c max_wal_senders=10 \
  -c max_connections=300 \
  -c archive_mode=on \
  -c "archive_command=test ! -f /archive/%f && cp %p /archive/%f"
