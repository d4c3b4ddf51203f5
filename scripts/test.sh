#!/usr/bin/env bash
# Every test: install what is missing, build, run the Swift suites (unit, end-to-end, fault and
# conformance tests), the Python protocol tests (schemas, example adapter), the repository checks
# (nothing read from outside the clone) and the care-team server's compatibility check (Tests/care-server).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
swift build --build-tests
swift test --skip-build
python3 -m pytest -q Tests/protocol Tests/repository Tests/care-server
