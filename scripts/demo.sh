#!/usr/bin/env bash
# The main job: install what is missing, build, and run the hub with the device simulator on its
# built-in dialysis day, storing into the default SQLite store (or $KIDNEYHUB_STORE).
set -euo pipefail
cd "$(dirname "$0")/.."
KIDNEYHUB_SKIP_PYTHON_TOOLS=1 source scripts/setup.sh
swift build --product kidneyhub-simulator
swift build --product kidneyhub
exec .build/debug/kidneyhub demo "$@"
