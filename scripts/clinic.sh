#!/usr/bin/env bash
# The care-team server on PostgreSQL, for a clinic (issue 20).
#
#   scripts/clinic.sh start   install PostgreSQL if missing, create or reuse the clinic's cluster, start it and
#                             kidneyhub-server in the background, print the address and a one-time sign-in link for
#                             the clinic's first administrator
#   scripts/clinic.sh stop    stop both, by the process ids recorded at start
#
#   KIDNEYHUB_CLINIC_PORT     the server's port on 127.0.0.1 (default 8402)
#   KIDNEYHUB_CLINIC_SEED=N   also register, through the API, a clinician and N patients (N >= 3) with 20 symptom
#                             lists each, and write the variables the reference server's run.sh writes (BASE_URL,
#                             CLINICIAN_TOKEN, PATIENT1_ID, PATIENT1_USERNAME, PATIENT1_TOKEN, …) to
#   KIDNEYHUB_CLINIC_STATE    (default <data folder>/state.env), so its verify.sh and bench.sh run against this server
#   KIDNEYHUB_CLINIC_BUILD    debug (default) or release
#   KIDNEYHUB_SERVER_BINARY   a kidneyhub-server already built (then nothing is built)
#
# The cluster and the server's files live in the user's data folder, ${XDG_DATA_HOME:-~/.local/share}/kidneyhub/clinic.
# PostgreSQL refuses to run as root: started as root, the cluster runs as the `postgres` user, and if that user cannot
# reach the data folder (root's home is private) the cluster's files go to /var/lib/kidneyhub/clinic instead. The
# database listens on no TCP port: only a unix socket in a folder only its owner can open.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
die() { echo "clinic.sh: $*" >&2; exit 1; }

case "${XDG_DATA_HOME:-}" in /*) DATA_HOME="$XDG_DATA_HOME" ;; *) DATA_HOME="$HOME/.local/share" ;; esac
DATA="$DATA_HOME/kidneyhub/clinic"
RUN="$DATA/run.env"                      # process ids and paths of what start started
PORT="${KIDNEYHUB_CLINIC_PORT:-8402}"
STATE="${KIDNEYHUB_CLINIC_STATE:-$DATA/state.env}"
BUILD="${KIDNEYHUB_CLINIC_BUILD:-debug}"

if [ "$(id -u)" = 0 ]; then AS_PG=(runuser -u postgres --); else AS_PG=(); fi

pg_bin() {
    # Debian's newest version first; /usr/local/bin holds links to it on some machines.
    local dir
    dir="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}"
    [ -n "$dir" ] && [ -x "$dir/initdb" ] && { echo "$dir"; return; }
    [ -x /usr/local/bin/initdb ] && [ -x /usr/local/bin/pg_ctl ] && { echo /usr/local/bin; return; }
    return 1
}

install_postgresql() {
    local sudo_cmd=""
    [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
    echo "Installing PostgreSQL (Debian's postgresql)"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends postgresql curl
}

# stop_pid PID SIGNAL NAME: signal PID only while its command line names NAME (never a recycled pid), then wait.
stop_pid() {
    local pid="$1" sig="$2" want="$3"
    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 0
    tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q -- "$want" || {
        echo "clinic.sh: pid $pid is not $want; leaving it alone"; return 0; }
    kill "-$sig" "$pid"
    for _ in $(seq 1 300); do kill -0 "$pid" 2>/dev/null || { echo "stopped $want (pid $pid)"; return 0; }; sleep 0.1; done
    echo "clinic.sh: $want (pid $pid) did not stop in 30 s; sending KILL"
    kill -KILL "$pid" 2>/dev/null || true
}

start() {
    if [ -f "$RUN" ]; then
        # shellcheck disable=SC1090
        . "$RUN"
        if [ -n "${SERVER_PID:-}" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
            echo "kidneyhub-server is already running (pid $SERVER_PID) at $BASE_URL; scripts/clinic.sh stop first"
            return 0
        fi
    fi
    local bin
    bin="$(pg_bin)" || { install_postgresql; bin="$(pg_bin)" || die "PostgreSQL is still missing after installing it"; }
    command -v curl >/dev/null || install_postgresql
    mkdir -p "$DATA"
    # Owner only; as root, traversable (not readable) so that the cluster's `postgres` user reaches its folder.
    if [ "$(id -u)" = 0 ]; then chmod 711 "$DATA"; else chmod 700 "$DATA"; fi

    # Where the cluster lives, and as whom it runs.
    local cluster="$DATA/postgresql"
    if [ "$(id -u)" = 0 ]; then
        id postgres >/dev/null 2>&1 || die "no 'postgres' user to run the cluster as"
        mkdir -p "$cluster" && chown postgres:postgres "$cluster" && chmod 700 "$cluster"
        if ! runuser -u postgres -- test -w "$cluster"; then
            rmdir "$cluster" 2>/dev/null || true
            cluster=/var/lib/kidneyhub/clinic/postgresql
            mkdir -p "$cluster" && chown postgres:postgres "$cluster" && chmod 700 "$cluster"
        fi
    else
        mkdir -p "$cluster" && chmod 700 "$cluster"
    fi
    local pgdata="$cluster/data" socket="$cluster" pgport=5432
    if [ ! -f "$pgdata/PG_VERSION" ]; then
        echo "Creating the clinic's PostgreSQL cluster in $pgdata"
        "${AS_PG[@]}" "$bin/initdb" -D "$pgdata" -U postgres -A trust -E UTF8 --locale=C >"$cluster/initdb.log" 2>&1 \
            || { cat "$cluster/initdb.log" >&2; die "initdb failed"; }
        cat >>"$pgdata/postgresql.conf" <<CONF
# KidneyHub clinic: no TCP at all; a unix socket only its owner (and root) can open.
listen_addresses = ''
port = $pgport
unix_socket_directories = '$socket'
unix_socket_permissions = 0700
CONF
    fi
    if ! "${AS_PG[@]}" "$bin/pg_ctl" -D "$pgdata" status >/dev/null 2>&1; then
        "${AS_PG[@]}" "$bin/pg_ctl" -D "$pgdata" -l "$cluster/postgres.log" -w -t 60 start >/dev/null \
            || { tail -20 "$cluster/postgres.log" >&2; die "PostgreSQL did not start"; }
    fi
    local pg_pid
    pg_pid="$(head -1 "$pgdata/postmaster.pid")"
    local psql_bin=psql
    [ -x "$bin/psql" ] && psql_bin="$bin/psql"
    local psql=("$psql_bin" -h "$socket" -p "$pgport" -U postgres -d postgres -v ON_ERROR_STOP=1 -q -tA)
    [ "$("${psql[@]}" -c "SELECT 1 FROM pg_roles WHERE rolname = 'kidneyhub'")" = 1 ] \
        || "${psql[@]}" -c "CREATE ROLE kidneyhub LOGIN"
    [ "$("${psql[@]}" -c "SELECT 1 FROM pg_database WHERE datname = 'kidneyhub'")" = 1 ] \
        || "${psql[@]}" -c "CREATE DATABASE kidneyhub OWNER kidneyhub"

    local server="${KIDNEYHUB_SERVER_BINARY:-}"
    if [ -z "$server" ]; then
        echo "Building kidneyhub-server ($BUILD)"
        (cd "$ROOT" && swift build -c "$BUILD" --product kidneyhub-server >"$DATA/build.log" 2>&1) \
            || { tail -30 "$DATA/build.log" >&2; die "the build failed (log: $DATA/build.log)"; }
        server="$ROOT/.build/$BUILD/kidneyhub-server"
    fi
    [ -x "$server" ] || die "no kidneyhub-server at $server"
    export KIDNEYHUB_SERVER_DATABASE_URL="postgres://kidneyhub@/kidneyhub?host=$socket&port=$pgport"
    export KIDNEYHUB_SERVER_TOKEN_SECRET_FILE="$DATA/token-secret"
    export KIDNEYHUB_SERVER_PORT="$PORT"
    local base_url="http://127.0.0.1:$PORT"
    curl -s -o /dev/null "$base_url/health" && die "port 127.0.0.1:$PORT is in use (set KIDNEYHUB_CLINIC_PORT)"

    setsid nohup "$server" serve >"$DATA/server.log" 2>&1 </dev/null &
    local server_pid=$!
    {
        echo "SERVER_PID=$server_pid"
        echo "PG_PID=$pg_pid"
        echo "PG_BIN=$bin"
        echo "PGDATA_DIR=$pgdata"
        echo "BASE_URL=$base_url"
    } >"$RUN"
    # Wait for the server to answer (it applies its migrations first), at most 60 s.
    local up=""
    for _ in $(seq 1 300); do
        curl -s -o /dev/null -f "$base_url/health" && { up=1; break; }
        kill -0 "$server_pid" 2>/dev/null || break
        sleep 0.2
    done
    [ -n "$up" ] || { tail -20 "$DATA/server.log" >&2; die "kidneyhub-server did not start (log: $DATA/server.log)"; }

    if [ -n "${KIDNEYHUB_CLINIC_SEED:-}" ]; then
        echo "Seeding a clinician and $KIDNEYHUB_CLINIC_SEED patients through the API"
        local seed_link
        seed_link="$("$server" first-admin --base-url "$base_url")"
        python3 "$ROOT/scripts/clinic-seed.py" --base-url "$base_url" --admin-link "$seed_link" \
            --patients "$KIDNEYHUB_CLINIC_SEED" --state "$STATE"
        echo "Seeded; the variables are in $STATE"
    fi
    local link
    link="$("$server" first-admin --base-url "$base_url")"
    cat <<MSG
KidneyHub care-team server is up
  address:   $base_url/   (pid $server_pid, log $DATA/server.log)
  portal:    $base_url/portal/   (clinicians sign in with their username and password)
  database:  PostgreSQL on the unix socket in $socket (pid $pg_pid)
  first administrator's one-time sign-in link (valid for an hour, usable once; it answers her token):
    $link
  stop:      scripts/clinic.sh stop
MSG
}

stop() {
    [ -f "$RUN" ] || { echo "clinic.sh: nothing to stop ($RUN missing)"; return 0; }
    # shellcheck disable=SC1090
    . "$RUN"
    stop_pid "${SERVER_PID:-}" TERM kidneyhub-server
    stop_pid "${PG_PID:-}" INT postgres      # SIGINT: PostgreSQL's fast shutdown
    rm -f "$RUN"
}

case "${1:-}" in
    start) start ;;
    stop) stop ;;
    *) echo "usage: scripts/clinic.sh start|stop" >&2; exit 2 ;;
esac
