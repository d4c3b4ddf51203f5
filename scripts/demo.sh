#!/usr/bin/env bash
# The main job: install what is missing, build, and run the hub with the device simulator on its
# built-in dialysis day, storing into the demo store (or $KIDNEYHUB_STORE); then serve the web app on it.
set -euo pipefail
cd "$(dirname "$0")/.."
KIDNEYHUB_SKIP_PYTHON_TOOLS=1 source scripts/setup.sh
# Every product the README's examples use: the hub, the simulator, the file importers (`kidneyhub import`), the
# USB glucometer and Bluetooth adapters (`serve`, `devices scan`), and the care-team server (`scripts/clinic.sh`).
# Built one product at a time, so a machine with little memory is not asked to link them all at once; an adapter that
# is not built is never found.
for product in kidneyhub-simulator kidneyhub-garmin-fit kidneyhub-fitbit-export kidneyhub-apple-health \
    kidneyhub-usb-glucometer kidneyhub-ble-scale kidneyhub-ble-bp-cuff kidneyhub-ble-glucose kidneyhub-server kidneyhub; do
    swift build --product "$product"
done
.build/debug/kidneyhub demo "$@"
# Then the web app (issue 18) on the store the demo filled: `serve` prints the address and a one-time sign-in link.
# The store the demo used: its --store if given, else $KIDNEYHUB_STORE, else the demo store.
store=""
arguments=("$@")
for ((i = 0; i < ${#arguments[@]}; i++)); do
    case "${arguments[i]}" in
        --store) store="${arguments[i + 1]:-}" ;;
        --store=*) store="${arguments[i]#--store=}" ;;
    esac
done
store="${store:-${KIDNEYHUB_STORE:-}}"
if [ -z "$store" ]; then
    data="${XDG_DATA_HOME:-}"
    case "$data" in /*) ;; *) data="$HOME/.local/share" ;; esac
    store="$data/kidneyhub/demo.sqlite"
fi
echo "Serving the web app on $store until Ctrl-C."
exec .build/debug/kidneyhub serve --store "$store" --hotplug off
