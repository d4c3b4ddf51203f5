'''Adds an adapter and simulated health devices to the mocked org.bluez (bluez_health.py) on the bus named by
DBUS_SYSTEM_BUS_ADDRESS, waiting for the mock to own its name first. Run with Debian's /usr/bin/python3 (python3-dbus).

Usage: add_devices.py '[{"kind": "standard-scale", "address": "00:09:1F:AA:BB:01", "name": "UC-352BLE",
                          "records": ["02 A8 3E ..."], "passkey": 246810, "users": {"1": 1234}}, ...]'
'''
import json
import sys
import time

import dbus

bus = dbus.SystemBus()
deadline = time.monotonic() + 20
while not bus.name_has_owner('org.bluez'):
    if time.monotonic() > deadline:
        sys.exit('org.bluez did not appear on the private bus within 20 s')
    time.sleep(0.05)
mock = dbus.Interface(bus.get_object('org.bluez', '/'), 'org.bluez.Mock')
mock.AddAdapter('hci0', 'kidneyhub-readme')
for device in json.loads(sys.argv[1]):
    options = {}
    if 'records' in device:
        options['records'] = dbus.Array([dbus.ByteArray(bytes.fromhex(r)) for r in device['records']], signature='ay')
    if 'passkey' in device:
        options['passkey'] = dbus.UInt32(device['passkey'])
    if 'users' in device:
        options['users'] = dbus.Dictionary({dbus.Byte(int(k)): dbus.UInt16(v) for k, v in device['users'].items()},
                                           signature='yq')
    mock.AddSimDevice(device['kind'], device['address'], device['name'], dbus.Dictionary(options, signature='sv'))
