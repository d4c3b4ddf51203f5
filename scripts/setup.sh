#!/usr/bin/env bash
# Installs what KidneyHub needs on Debian 12 and builds it. Sourced by demo.sh and test.sh.
# Debian packages: SQLite headers for GRDB; libvips for avatar thumbnails; Python for the example adapter and
# the protocol tests; libusb-1.0 for USB glucometers and hotplug.
set -euo pipefail

debian_packages=(libsqlite3-dev libvips-dev python3 zlib1g-dev libusb-1.0-0-dev)
# Bluetooth (issue 5): libdbus-1 for the BlueZ client; a private dbus-daemon and python3-dbusmock (Debian's
# /usr/bin/python3 with python3-dbus and python3-gi) for the mocked org.bluez the BLE tests run against.
debian_packages+=(libdbus-1-dev dbus-daemon python3-dbusmock)
# Reports (issue 11): cairo and pango for the PDF/PNG/SVG charts, DejaVu for their text, poppler-utils for the tests'
# pdftoppm/pdftotext, python3-venv for the FHIR validator's own environment.
debian_packages+=(libcairo2-dev libpango1.0-dev fonts-dejavu-core poppler-utils python3-venv)
# pytest-timeout ends a hanging Python test and prints where it hung (pure Python, one small wheel).
python_tools=(pytest pytest-timeout jsonschema referencing)
# Import adapters (issue 7): libxml2 streams Apple Health exports; Garmin's FIT SDK cross-checks the FIT reader.
debian_packages+=(libxml2-dev)
python_tools+=(garmin-fit-sdk)
# The care-team server (issue 20): PostgreSQL for its store and the tests' throwaway clusters (the tests run its
# initdb and postgres themselves, as `postgres` under root), curl for clinic.sh. CI cost on a fresh Debian 12 runner:
# PostgreSQL 15 with its client is about 20 MB to fetch and unpacks in roughly half a minute (an estimate, not measured
# on CI); when already installed, the `dpkg -s` check below is all it costs (milliseconds).
debian_packages+=(postgresql curl)
# The care-team server's /api/v1 is checked against its OpenAPI document by schemathesis (with hypothesis; about
# 30 s to install from wheels, nothing when present).
python_tools+=(schemathesis)
# FIT files from real devices (issue 21): fitparse, an independent decoder, cross-checks the importer on them.
python_tools+=(fitparse)
# The web app's browser tests (issue 18): Debian's Chromium and its driver, and selenium to drive them.
debian_packages+=(chromium chromium-driver)
python_tools+=(selenium)
# HTTPS beyond loopback (issue 18): the test makes a self-signed certificate with the openssl command and checks it
# with requests (already there with schemathesis; named so the test does not depend on that).
debian_packages+=(openssl)
python_tools+=(requests)

install_debian() {
    local sudo_cmd=""
    [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
    echo "Installing Debian packages: $*"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "$@"
}

missing=()
for package in "${debian_packages[@]}"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] || install_debian "${missing[@]}"

python_tools_missing() {
    ! python3 -c 'import pytest, pytest_timeout, jsonschema, referencing, garmin_fit_sdk, fitparse, selenium, requests' \
        >/dev/null 2>&1 || ! python3 -c 'import schemathesis' >/dev/null 2>&1
}
if [ "${KIDNEYHUB_SKIP_PYTHON_TOOLS:-}" != 1 ] && python_tools_missing; then
    echo "Installing Python test tools: ${python_tools[*]}"
    python3 -m pip --version >/dev/null 2>&1 || install_debian python3-pip
    # Debian's own Python refuses pip installs into it (PEP 668); the tools are test-only.
    python3 -m pip install --quiet "${python_tools[@]}" \
        || python3 -m pip install --quiet --break-system-packages "${python_tools[@]}"
fi

# axe-core for the browser tests: its script ships inside axe-playwright-python (axe-core 4.x; the one inside
# axe-selenium-python is 1.1 and knows no WCAG 2.1 tags). Only the script is read, so playwright is not installed.
if [ "${KIDNEYHUB_SKIP_PYTHON_TOOLS:-}" != 1 ] \
    && ! python3 -c 'import importlib.util as u; assert u.find_spec("axe_playwright_python")' >/dev/null 2>&1; then
    python3 -m pip install --quiet --no-deps axe-playwright-python \
        || python3 -m pip install --quiet --no-deps --break-system-packages axe-playwright-python
fi

# The FHIR R4 validator of the tests: fhir.resources 6.4.0, the last release whose default models are R4 4.0.1
# (later releases default to newer FHIR versions). It needs pydantic 1, so it lives in a virtual environment of its own
# (.venv-fhir, git-ignored) and never replaces the system's pydantic.
fhir_venv="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.venv-fhir"
if [ "${KIDNEYHUB_SKIP_PYTHON_TOOLS:-}" != 1 ] \
    && ! "$fhir_venv/bin/python" -c 'import fhir.resources as f; assert f.__version__ == "6.4.0"' >/dev/null 2>&1; then
    echo "Installing the FHIR validator (fhir.resources 6.4.0) into $fhir_venv"
    python3 -m venv "$fhir_venv"
    "$fhir_venv/bin/python" -m pip install --quiet "fhir.resources==6.4.0" "pydantic[email]<2"
fi

if ! command -v swift >/dev/null 2>&1; then
    echo "swift is not on PATH: install the Swift 6.3 toolchain (https://www.swift.org/install/linux/)" >&2
    exit 1
fi
