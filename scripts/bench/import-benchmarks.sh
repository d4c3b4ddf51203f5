#!/usr/bin/env bash
# Issue 7 benchmarks, each side by side with its comparison tool in one run (figures go to the end of
# docs/benchmarks.md):
#   Apple Health: `kidneyhub import` vs healthkit-to-sqlite on the same generated export.xml (default 1 GB),
#                 with the peak memory of kidneyhub's whole process tree (hub + adapter);
#   Fitbit:       `kidneyhub import` vs fitbit-to-sqlite (resting-heart-rate, distance, sleep: the kinds both
#                 handle) on the same generated archive;
#   FIT:          the hub's FIT reader (KidneyHubBenchmarks fit-decode) vs fitparse on the same files.
# Issue 22, on inputs that hold only kinds both tools store, each import followed in the same run by the raw
# SQLite floor (KidneyHubBenchmarks raw-insert: the same rows, batched prepared inserts, same schema) and then
# by its comparison tool:
#   apple-shared:  heart-rate and step records (generate_apple_health_shared.py) vs healthkit-to-sqlite;
#   fitbit-shared: per-minute distance files, every minute moving (generate_fitbit_shared.py) vs
#                  `fitbit-to-sqlite distance`;
#   fit-shared:    one activity of `record` messages with heart rate (generate_fit_shared.py), kidneyhub's
#                  decode-and-store vs fitparse's decode only.
# Usage: scripts/bench/import-benchmarks.sh [apple|fitbit|fit|apple-shared|fitbit-shared|fit-shared ...]
#        (default: apple fitbit fit)
# Environment: BENCH_DIR (default /tmp/kidneyhub-import-bench), APPLE_MB (1000), FITBIT_DAYS (1095),
#   SHARED_APPLE_RECORDS (400000), SHARED_FITBIT_DAYS (360), SHARED_FIT_RECORDS (200000), SKIP_BUILD=1 to use
#   the release products already built, BIN=DIR to run the products in DIR (an earlier build kept for comparison).
set -euo pipefail
cd "$(dirname "$0")/../.."
BENCH_DIR=${BENCH_DIR:-/tmp/kidneyhub-import-bench}
APPLE_MB=${APPLE_MB:-1000}
FITBIT_DAYS=${FITBIT_DAYS:-1095}
SHARED_APPLE_RECORDS=${SHARED_APPLE_RECORDS:-400000}
SHARED_FITBIT_DAYS=${SHARED_FITBIT_DAYS:-360}
SHARED_FIT_RECORDS=${SHARED_FIT_RECORDS:-200000}
which_ones=("${@:-apple fitbit fit}")
mkdir -p "$BENCH_DIR"

# The comparison tools, pinned to the versions measured; only the benchmark needs them.
tools=(healthkit-to-sqlite==1.0.1 fitbit-to-sqlite==0.6 fitparse==1.2.0 garmin-fit-sdk)
python3 -m pip install --quiet "${tools[@]}" 2>/dev/null \
    || python3 -m pip install --quiet --break-system-packages "${tools[@]}"

if [ -z "${SKIP_BUILD:-}" ]; then
    swift build -c release --product kidneyhub
    for product in kidneyhub-apple-health kidneyhub-fitbit-export kidneyhub-garmin-fit KidneyHubBenchmarks; do
        swift build -c release --product "$product"
    done
fi
BIN=${BIN:-$(swift build -c release --show-bin-path)}
KIDNEYHUB="$BIN/kidneyhub"
rss() { python3 scripts/bench/peak_rss.py "$@"; }
fresh_store() {
    rm -f "$1" "$1-wal" "$1-shm" "$1.lock"
    "$KIDNEYHUB" terms accept --store "$1" >/dev/null
}

# Imports INPUT into a fresh store NAME.sqlite with peak memory, then inserts the same rows raw in the same run.
import_and_floor() {
    local label=$1 input=$2 store="$BENCH_DIR/$3.sqlite" line wall
    fresh_store "$store"
    line=$(rss "kidneyhub import ($label)" -- "$KIDNEYHUB" import "$input" --store "$store" | tail -1)
    echo "$line"
    wall=$(sed -E 's/.*wall ([0-9.]+) s.*/\1/' <<<"$line")
    "$BIN/KidneyHubBenchmarks" raw-insert "$store" --import-seconds "$wall"
}

echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), commit $(git rev-parse --short HEAD)"
for which in ${which_ones[*]}; do
    case "$which" in
    apple)
        xml="$BENCH_DIR/export-${APPLE_MB}MB.xml"
        # Well-formed DTD and no control character: healthkit-to-sqlite cannot read either defect.
        [ -f "$xml" ] || python3 scripts/bench/generate_apple_health.py "$APPLE_MB" "$xml" --clean
        echo "apple: $(du -h "$xml" | cut -f1) $(grep -c '<Record ' "$xml") top-level and nested Record elements"
        fresh_store "$BENCH_DIR/apple.sqlite"
        rss "kidneyhub import (Apple Health)" -- "$KIDNEYHUB" import "$xml" --store "$BENCH_DIR/apple.sqlite"
        rm -f "$BENCH_DIR/healthkit.db"
        rss "healthkit-to-sqlite" -- healthkit-to-sqlite "$xml" "$BENCH_DIR/healthkit.db" --xml --silent
        ;;
    fitbit)
        zip="$BENCH_DIR/fitbit-${FITBIT_DAYS}d.zip"
        [ -f "$zip" ] || python3 scripts/bench/generate_fitbit_export.py "$FITBIT_DAYS" "$zip" \
            --families distance,resting_heart_rate,sleep
        fresh_store "$BENCH_DIR/fitbit.sqlite"
        rss "kidneyhub import (Fitbit)" -- "$KIDNEYHUB" import "$zip" --store "$BENCH_DIR/fitbit.sqlite"
        rm -f "$BENCH_DIR/fitbit.db"
        rss "fitbit-to-sqlite resting-heart-rate + distance + sleep" -- bash -c "
            fitbit-to-sqlite resting-heart-rate '$BENCH_DIR/fitbit.db' '$zip' >/dev/null
            fitbit-to-sqlite distance '$BENCH_DIR/fitbit.db' '$zip' >/dev/null
            fitbit-to-sqlite sleep '$BENCH_DIR/fitbit.db' '$zip' >/dev/null"
        ;;
    fit)
        dir="$BENCH_DIR/fit"
        [ -d "$dir" ] || python3 scripts/bench/generate_fit_files.py "$dir" --activities 20 --monitoring-days 20
        "$BIN/KidneyHubBenchmarks" fit-decode "$dir"
        python3 scripts/bench/fitparse_decode.py "$dir"
        fresh_store "$BENCH_DIR/fit.sqlite"
        rss "kidneyhub import (FIT, decode and store)" -- "$KIDNEYHUB" import "$dir" --store "$BENCH_DIR/fit.sqlite"
        ;;
    apple-shared)
        xml="$BENCH_DIR/apple-shared-$SHARED_APPLE_RECORDS.xml"
        [ -f "$xml" ] || python3 scripts/bench/generate_apple_health_shared.py "$SHARED_APPLE_RECORDS" "$xml"
        echo "apple-shared: $(du -h "$xml" | cut -f1), $SHARED_APPLE_RECORDS heart-rate and step records"
        import_and_floor "Apple Health, shared kinds" "$xml" apple-shared
        rm -f "$BENCH_DIR/healthkit-shared.db"
        rss "healthkit-to-sqlite" -- healthkit-to-sqlite "$xml" "$BENCH_DIR/healthkit-shared.db" --xml --silent
        ;;
    fitbit-shared)
        zip="$BENCH_DIR/fitbit-shared-${SHARED_FITBIT_DAYS}d.zip"
        [ -f "$zip" ] || python3 scripts/bench/generate_fitbit_shared.py "$SHARED_FITBIT_DAYS" "$zip"
        import_and_floor "Fitbit, distance minutes" "$zip" fitbit-shared
        rm -f "$BENCH_DIR/fitbit-shared.db"
        rss "fitbit-to-sqlite distance" -- fitbit-to-sqlite distance "$BENCH_DIR/fitbit-shared.db" "$zip"
        ;;
    fit-shared)
        dir="$BENCH_DIR/fit-shared-$SHARED_FIT_RECORDS"
        [ -d "$dir" ] || python3 scripts/bench/generate_fit_shared.py "$dir" --records "$SHARED_FIT_RECORDS"
        import_and_floor "FIT, decode and store" "$dir" fit-shared
        rss "fitparse decode" -- python3 scripts/bench/fitparse_decode.py "$dir"
        ;;
    esac
done
