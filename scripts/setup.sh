#!/usr/bin/env bash
# Installs what KidneyHub needs on Debian 12 and builds it. Sourced by demo.sh and test.sh.
# Debian packages: SQLite headers for GRDB; libvips for avatar thumbnails; Python for the example adapter and
# the protocol tests.
set -euo pipefail

debian_packages=(libsqlite3-dev libvips-dev python3 zlib1g-dev)
# Bluetooth (issue 5): libdbus-1 for the BlueZ client; a private dbus-daemon and python3-dbusmock (Debian's
# /usr/bin/python3 with python3-dbus and python3-gi) for the mocked org.bluez the BLE tests run against.
debian_packages+=(libdbus-1-dev dbus-daemon python3-dbusmock)
python_tools=(pytest jsonschema referencing)

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

python_tools_missing() { ! python3 -c 'import pytest, jsonschema, referencing' >/dev/null 2>&1; }
if [ "${KIDNEYHUB_SKIP_PYTHON_TOOLS:-}" != 1 ] && python_tools_missing; then
    echo "Installing Python test tools: ${python_tools[*]}"
    python3 -m pip --version >/dev/null 2>&1 || install_debian python3-pip
    # Debian's own Python refuses pip installs into it (PEP 668); the tools are test-only.
    python3 -m pip install --quiet "${python_tools[@]}" \
        || python3 -m pip install --quiet --break-system-packages "${python_tools[@]}"
fi

if ! command -v swift >/dev/null 2>&1; then
    echo "swift is not on PATH: install the Swift 6.3 toolchain (https://www.swift.org/install/linux/)" >&2
    exit 1
fi
