#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster: Debian's `postgresql` package (installed
# when missing and running as root, like scripts/ensure-chromium.sh does for Chromium), initdb in a
# temp dir as a non-root user, a free loopback port, removed afterwards. The command sees
# TEST_DATABASE_URL, a superuser URL on which each server test file creates its own database.
#   bash scripts/with-postgres.sh npx vitest run tests/server
set -euo pipefail

bindir() {
  if [ -n "${PG_BINDIR:-}" ]; then
    echo "$PG_BINDIR"
    return
  fi
  find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin -type d 2>/dev/null | sort -V | tail -n 1
}

bin="$(bindir)"
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Installing Debian's postgresql for the PostgreSQL server tests…"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    bin="$(bindir)"
  else
    echo "PostgreSQL is missing. Install it (Debian: sudo apt-get install -y postgresql) or set PG_BINDIR." >&2
    exit 1
  fi
fi

# PostgreSQL refuses to run as root: as root, the cluster belongs to the package's `postgres` user.
as_owner=()
if [ "$(id -u)" = "0" ]; then
  if ! id postgres >/dev/null 2>&1; then
    useradd --system --no-create-home --shell /usr/sbin/nologin postgres
  fi
  as_owner=(runuser -u postgres --)
fi

# As root the cluster's owner must reach the directory, which a TMPDIR under /root would not allow.
if [ "${#as_owner[@]}" -gt 0 ]; then
  dir="$(mktemp -d /tmp/access-pg.XXXXXX)"
else
  dir="$(mktemp -d -t access-pg.XXXXXX)"
fi
cleanup() {
  "${as_owner[@]}" "$bin/pg_ctl" stop -D "$dir/data" -m immediate >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
if [ "${#as_owner[@]}" -gt 0 ]; then chown postgres "$dir"; fi

"${as_owner[@]}" "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C \
  --no-sync >"$dir/initdb.log" 2>&1 || {
  cat "$dir/initdb.log" >&2
  exit 1
}

free_port() {
  node -e "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close() })"
}

# Durability is not what these tests check: without fsync the cluster is several times faster.
started=0
for _ in 1 2 3 4 5; do
  port="$(free_port)"
  if "${as_owner[@]}" "$bin/pg_ctl" start -D "$dir/data" -w -t 60 -l "$dir/server.log" -o \
    "-c listen_addresses=127.0.0.1 -p $port -k $dir -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    >/dev/null; then
    started=1
    break
  fi
done
if [ "$started" != 1 ]; then
  cat "$dir/server.log" >&2
  exit 1
fi

echo "Throwaway PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
"$@"
