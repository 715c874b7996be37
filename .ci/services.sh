#!/usr/bin/env bash
# Services the test suite needs beyond Python: Debian's Chromium (browser tests) and a
# PostgreSQL server on loopback (storage tests run against it as well as SQLite).
#
# Use:  source .ci/services.sh   (as root, fresh Debian; before `make test`)
# It exports ROUNDHOUSE_TEST_POSTGRES_URL, so it must be sourced, not executed, for the
# variable to reach `make test` (or run it and eval its last line of output).
set -euo pipefail

export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q chromium postgresql postgresql-client >/dev/null

PG_BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
PG_DATA="${ROUNDHOUSE_PG_DATA:-/var/tmp/roundhouse-pg}"
PG_PORT="${ROUNDHOUSE_PG_PORT:-54329}"

if [ ! -s "$PG_DATA/PG_VERSION" ]; then
  mkdir -p "$PG_DATA"
  chown postgres:postgres "$PG_DATA"
  su postgres -c "$PG_BIN/initdb -D $PG_DATA -A trust -U postgres >/dev/null"
fi
if ! su postgres -c "$PG_BIN/pg_ctl -D $PG_DATA status" >/dev/null 2>&1; then
  su postgres -c "$PG_BIN/pg_ctl -D $PG_DATA -l $PG_DATA/server.log -w \
    -o '-c listen_addresses=127.0.0.1 -p $PG_PORT -k /tmp' start" >/dev/null
fi
for _ in $(seq 1 30); do
  if "$PG_BIN/pg_isready" -h 127.0.0.1 -p "$PG_PORT" >/dev/null 2>&1; then break; fi
  sleep 1
done
psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -tAc \
  "SELECT 1 FROM pg_database WHERE datname = 'roundhouse_test'" | grep -q 1 ||
  psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -c "CREATE DATABASE roundhouse_test" >/dev/null

export ROUNDHOUSE_TEST_POSTGRES_URL="postgresql+psycopg://postgres@127.0.0.1:$PG_PORT/roundhouse_test"
echo "export ROUNDHOUSE_TEST_POSTGRES_URL=$ROUNDHOUSE_TEST_POSTGRES_URL"
