#!/usr/bin/env bash
# The main job: install what is missing, build, and run the hub with the device simulator on its
# built-in dialysis day, storing into the default SQLite store (or $KIDNEYHUB_STORE).
set -euo pipefail
cd "$(dirname "$0")/.."
KIDNEYHUB_SKIP_PYTHON_TOOLS=1 source scripts/setup.sh
# Every product the README's examples use: the hub, the simulator, the file importers (`kidneyhub import`), the
# USB glucometer and Bluetooth adapters (`serve`, `devices scan`). Built one product at a time, so a machine with
# little memory is not asked to link them all at once; an adapter that is not built is never found.
for product in kidneyhub-simulator kidneyhub-garmin-fit kidneyhub-fitbit-export kidneyhub-apple-health \
    kidneyhub-usb-glucometer kidneyhub-ble-scale kidneyhub-ble-bp-cuff kidneyhub-ble-glucose kidneyhub; do
    swift build --product "$product"
done
exec .build/debug/kidneyhub demo "$@"
