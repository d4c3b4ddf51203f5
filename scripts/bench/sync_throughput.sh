#!/usr/bin/env bash
# The hub's sync into the care-team server, end to end as a patient's machine does it (issue 20; goal: at least
# 20,000 readings per second from one hub into PostgreSQL, deduplicated): a generated hemodialysis patient's history
# written into a new hub store (`KidneyHubBenchmarks sample-history`), connected with a clinician's one-time code
# to patient 1 of a running clinic, then `kidneyhub care-team sync` timed; then the same history connected to
# patient 2 and pushed again while patient 1's copy is already stored (the server's deduplication is per patient, so
# this is a second first push; the repeated-push path is the suite's `SyncThroughputBenchmark`).
#
#   KIDNEYHUB_CLINIC_SEED=3 KIDNEYHUB_CLINIC_STATE=/tmp/kh.env scripts/clinic.sh start
#   scripts/bench/sync_throughput.sh /tmp/kh.env BIN_DIR [DAYS] [BUNDLE]
#   scripts/clinic.sh stop
#
# BIN_DIR holds `kidneyhub` and `KidneyHubBenchmarks` (e.g. .build/release). The server's own counts, in SQL, say
# every resource was stored once.
set -euo pipefail
state="${1:?usage: sync_throughput.sh STATE_FILE BIN_DIR [DAYS] [BUNDLE]}"
bin="${2:?usage: sync_throughput.sh STATE_FILE BIN_DIR [DAYS] [BUNDLE]}"
days="${3:-1095}"
bundle="${4:-500}"
# shellcheck disable=SC1090
. "$state"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

code_for() { # patient id -> a one-time enrollment code, made by the clinic's clinician
    curl -sf -X POST -H "Authorization: Token $CLINICIAN_TOKEN" \
        "$BASE_URL/api/v1/patients/$1/enrollment-codes" |
        python3 -c 'import json, sys; print(json.load(sys.stdin)["code"])'
}

push() { # label, patient id
    local store="$work/$1.sqlite"
    "$bin/KidneyHubBenchmarks" sample-history "$store" --days "$days" >/dev/null
    "$bin/kidneyhub" care-team connect "$BASE_URL" --code "$(code_for "$2")" --store "$store" >/dev/null
    local started ended
    started=$(date +%s.%N)
    "$bin/kidneyhub" care-team sync --store "$store" --bundle-size "$bundle" >"$work/$1.out"
    ended=$(date +%s.%N)
    echo "$1: $(tr '\n' ' ' <"$work/$1.out")"
    python3 -c "print(f'  wall {$ended - $started:.2f} s')"
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
push first "$PATIENT1_ID"
push second "$PATIENT2_ID"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
