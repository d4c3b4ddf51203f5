'''A mocked org.bluez with GATT, playing byte-exact health devices (python-dbusmock template).

Own code. python-dbusmock's bluez5 template has adapters and devices but no GATT, no agent callbacks and no
Bonded property (research devices.md §2.4); this template re-exports it and adds, per simulated device:
GattService1/GattCharacteristic1 objects that appear on Connect (then ServicesResolved), ReadValue/WriteValue,
StartNotify/StopNotify, values delivered as PropertiesChanged(Value) exactly as BlueZ delivers notifications and
indications, Pair() that calls the registered Agent1 back for a passkey, and the devices' own behaviour:

  and-ua651ble   A&D UA-651BLE cuff: subscribe 0x2A35, write the clock 0x2A08, then every unsent record is
                 indicated and the cuff disconnects (HEADS-project/ThingML-BLE capture; obniz UA651BLE).
  standard-cuff  Blood Pressure 0x1810 with Intermediate Cuff Pressure 0x2A36: once 0x2A35 is subscribed, the cuff
                 pressures (option cuffPressures) are notified, then the stored records indicated, then it disconnects.
  standard-scale Weight Scale 0x181D with writable 0x2A08 (A&D UC-352BLE layout): same dump-on-clock-write flow.
  uds-scale      Beurer/Sanitas-style 0x181D + 0x181B + 0x181C: Current Time 0x2A2B write, User Control Point
                 0x2A9F register (01 cc cc -> 20 01 01 idx) and consent (02 idx cc cc -> 20 02 01 | 20 02 05);
                 after consent the user's stored weights (and body composition) are indicated (openScale
                 StandardWeightProfileHandler.kt).
  glucose-meter  Glucose 0x1808 with RACP 0x2A52 (count, report all / from a sequence number, abort, every error
                 response); requires bonding (GLP security).
  unsupported    advertises Blood Pressure 0x1810 but has no Blood Pressure Measurement characteristic.

Options of AddSimDevice (a{sv}): records (aay), contexts (aay, glucose), bodyRecords (aay, uds-scale),
users (a{yq}: index -> consent code, uds-scale), passkey (u), paired (b), refusePairing (b), disconnectAfter (i: drop the link
once after that many records), rssi (n), featureBytes (ay).
'''
import dbus
import dbus.lowlevel
from gi.repository import GLib
from dbusmock import mockobject
from dbusmock.templates import bluez5
from dbusmock.templates.bluez5 import (AddAdapter, AddDevice, PairDevice, ConnectDevice,  # noqa: F401 (re-export)
                                       DisconnectDevice, BlockDevice, RemoveAdapter, RemoveAdapterWithDevices)

BUS_NAME = 'org.bluez'
MAIN_OBJ = '/'
SYSTEM_BUS = True
IS_OBJECT_MANAGER = True

MOCK_IFACE = 'org.bluez.Mock'
DEVICE = 'org.bluez.Device1'
SERVICE = 'org.bluez.GattService1'
CHAR = 'org.bluez.GattCharacteristic1'
OM = 'org.freedesktop.DBus.ObjectManager'

AGENTS = {}      # agent object path -> bus name of the client that registered it
SIMS = {}        # device path -> SimDevice


def ay(data):
    '''Bytes as a D-Bus `ay` (dbus.ByteArray cannot go through dbusmock's UpdateProperties).'''
    return dbus.Array([dbus.Byte(b) for b in bytes(data)], signature='y')


def uuid16(short):
    return '0000%04x-0000-1000-8000-00805f9b34fb' % short


AND_CUSTOM_SERVICE = '233bf000-5a34-1b6d-975c-000d5690abe4'
AND_CUSTOM_CHAR = '233bf001-5a34-1b6d-975c-000d5690abe4'

# kind -> (advertised service UUIDs, [(service uuid, [(char uuid, flags)])]); handles follow the real dumps' order.
LAYOUTS = {
    'and-ua651ble': ([uuid16(0x1810)], [
        (uuid16(0x1810), [(uuid16(0x2A35), ['indicate']), (uuid16(0x2A49), ['read']),
                          (uuid16(0x2A08), ['read', 'write'])]),
        (AND_CUSTOM_SERVICE, [(AND_CUSTOM_CHAR, ['read', 'write'])]),
    ]),
    'standard-cuff': ([uuid16(0x1810)], [
        (uuid16(0x1810), [(uuid16(0x2A35), ['indicate']), (uuid16(0x2A36), ['notify']), (uuid16(0x2A49), ['read'])]),
    ]),
    'standard-scale': ([uuid16(0x181D)], [
        (uuid16(0x181D), [(uuid16(0x2A9D), ['indicate']), (uuid16(0x2A9E), ['read']),
                          (uuid16(0x2A08), ['read', 'write'])]),
    ]),
    'uds-scale': ([uuid16(0x181D), uuid16(0x181B), uuid16(0x181C)], [
        (uuid16(0x181D), [(uuid16(0x2A9D), ['indicate']), (uuid16(0x2A9E), ['read'])]),
        (uuid16(0x181B), [(uuid16(0x2A9C), ['indicate']), (uuid16(0x2A9B), ['read'])]),
        (uuid16(0x181C), [(uuid16(0x2A9F), ['write', 'indicate'])]),
        (uuid16(0x1805), [(uuid16(0x2A2B), ['read', 'write', 'notify'])]),
    ]),
    'glucose-meter': ([uuid16(0x1808)], [
        (uuid16(0x1808), [(uuid16(0x2A18), ['notify']), (uuid16(0x2A34), ['notify']), (uuid16(0x2A51), ['read']),
                          (uuid16(0x2A52), ['write', 'indicate'])]),
    ]),
    'unsupported': ([uuid16(0x1810)], [
        (uuid16(0x1810), [(uuid16(0x2A49), ['read'])]),
    ]),
}


def load(mock, parameters):
    bluez5.load(mock, parameters)

    # BlueZ calls the agent of the client that registered it; the bluez5 template keeps only the path, so note
    # who sent each RegisterAgent as it passes.
    def note_agents(_connection, message):
        if message.get_member() == 'RegisterAgent' and message.get_interface() == 'org.bluez.AgentManager1':
            args = message.get_args_list()
            if args:
                AGENTS[str(args[0])] = message.get_sender()
        return dbus.lowlevel.HANDLER_RESULT_NOT_YET_HANDLED
    mock.connection.add_message_filter(note_agents)


class SimDevice:
    def __init__(self, kind, path, options):
        self.kind = kind
        self.path = path
        self.records = [bytes(r) for r in options.get('records', [])]
        self.contexts = {}
        for context in options.get('contexts', []):
            context = bytes(context)
            if len(context) >= 3:
                self.contexts[context[1] | context[2] << 8] = context
        self.body_records = [bytes(r) for r in options.get('bodyRecords', [])]
        self.users = {int(k): int(v) for k, v in options.get('users', {}).items()}
        self.passkey = int(options['passkey']) if 'passkey' in options else None
        self.refuse_pairing = bool(options.get('refusePairing', False))
        self.disconnect_after = int(options.get('disconnectAfter', -1))
        self.feature = bytes(options.get('featureBytes', b''))
        self.cuff_pressures = [bytes(r) for r in options.get('cuffPressures', [])]
        self.chars = {}          # uuid -> char path
        self.gatt_paths = []
        self.clock = None
        self.connections = 0
        self.sent = 0            # records delivered over all connections
        self.transfer = None     # GLib source of a running transfer
        self.consented_user = None

    def char(self, short):
        return mockobject.objects.get(self.chars.get(uuid16(short), ''))


def emit_added(path, interface, props):
    mockobject.objects['/'].EmitSignal(OM, 'InterfacesAdded', 'oa{sa{sv}}',
                                       [dbus.ObjectPath(path), {interface: props}])


def set_device(device_obj, changes):
    device_obj.UpdateProperties(DEVICE, changes)


@dbus.service.method(MOCK_IFACE, in_signature='sssa{sv}', out_signature='s')
def AddSimDevice(self, kind, address, name, options):
    '''Adds an advertising simulated device of `kind` on adapter hci0; returns its path.'''
    if kind not in LAYOUTS:
        raise dbus.exceptions.DBusException('unknown kind ' + kind, name=MOCK_IFACE + '.UnknownKind')
    path = AddDevice(self, 'hci0', address, name)
    device = mockobject.objects[path]
    sim = SimDevice(kind, path, options)
    SIMS[path] = sim
    advertised = LAYOUTS[kind][0]
    device.AddProperties(DEVICE, {'Bonded': dbus.Boolean(False)})  # BlueZ 5.65+, not in the bluez5 template
    device.UpdateProperties(DEVICE, {'UUIDs': dbus.Array(advertised, signature='s'),
                                     'RSSI': dbus.Int16(int(options.get('rssi', -60)))})
    if options.get('paired', False):   # bonded earlier (e.g. by another run): Paired and Bonded already true
        device.paired = True
        device.UpdateProperties(DEVICE, {'Paired': dbus.Boolean(True), 'Bonded': dbus.Boolean(True)})
    device.AddMethods(DEVICE, [
        ('Connect', '', '', lambda obj: connect(SIMS[obj.path])),
        ('Disconnect', '', '', lambda obj: disconnect(SIMS[obj.path])),
        ('Pair', '', '', lambda obj: pair(SIMS[obj.path])),
    ])
    return path


@dbus.service.method(MOCK_IFACE, in_signature='saay', out_signature='')
def SimAddRecords(self, path, records):
    '''Stores new records on a device (as if the user measured again).'''
    SIMS[path].records.extend(bytes(r) for r in records)


@dbus.service.method(MOCK_IFACE, in_signature='s', out_signature='a{sv}')
def SimState(self, path):
    '''What the device saw: connections, records sent, the clock written, users.'''
    sim = SIMS[path]
    return {'connections': dbus.Int32(sim.connections), 'sent': dbus.Int32(sim.sent),
            'clock': ay(sim.clock or b''), 'users': dbus.Int32(len(sim.users)),
            'unsent': dbus.Int32(len(sim.records)) if sim.kind in ('and-ua651ble', 'standard-scale')
            else dbus.Int32(-1)}


def pair(sim):
    device = mockobject.objects[sim.path]
    if device.props[DEVICE]['Paired']:
        raise dbus.exceptions.DBusException('Already paired', name='org.bluez.Error.AlreadyExists')
    if sim.refuse_pairing:
        raise dbus.exceptions.DBusException('Authentication Rejected', name='org.bluez.Error.AuthenticationRejected')
    if sim.passkey is not None:
        if not AGENTS:
            raise dbus.exceptions.DBusException('No agent', name='org.bluez.Error.AuthenticationFailed')
        agent_path, sender = list(AGENTS.items())[-1]
        agent = device.connection.get_object(sender, agent_path, introspect=False)
        try:
            entered = agent.RequestPasskey(dbus.ObjectPath(sim.path), dbus_interface='org.bluez.Agent1', timeout=10)
        except dbus.exceptions.DBusException:
            raise dbus.exceptions.DBusException('Authentication Canceled',
                                                name='org.bluez.Error.AuthenticationCanceled')
        if int(entered) != sim.passkey:
            raise dbus.exceptions.DBusException('Authentication Failed', name='org.bluez.Error.AuthenticationFailed')
    device.paired = True
    set_device(device, {'Paired': dbus.Boolean(True), 'Bonded': dbus.Boolean(True)})


def connect(sim):
    device = mockobject.objects[sim.path]
    if device.props[DEVICE]['Connected']:
        raise dbus.exceptions.DBusException('Already Connected', name='org.bluez.Error.AlreadyConnected')
    sim.connections += 1
    device.connected = True
    set_device(device, {'Connected': dbus.Boolean(True)})
    handle = 0x10
    for service_uuid, chars in LAYOUTS[sim.kind][1]:
        service_path = '%s/service%04x' % (sim.path, handle)
        service_props = {'UUID': dbus.String(service_uuid), 'Primary': dbus.Boolean(True),
                         'Device': dbus.ObjectPath(sim.path), 'Includes': dbus.Array([], signature='o'),
                         'Handle': dbus.UInt16(handle)}
        device.AddObject(service_path, SERVICE, service_props, [])
        emit_added(service_path, SERVICE, service_props)
        sim.gatt_paths.append(service_path)
        handle += 1
        for char_uuid, flags in chars:
            char_path = '%s/char%04x' % (service_path, handle)
            props = {'UUID': dbus.String(char_uuid), 'Service': dbus.ObjectPath(service_path),
                     'Value': dbus.Array([], signature='y'), 'Notifying': dbus.Boolean(False),
                     'Flags': dbus.Array(flags, signature='s'), 'Handle': dbus.UInt16(handle)}
            device.AddObject(char_path, CHAR, props, [
                ('ReadValue', 'a{sv}', 'ay', lambda obj, _options: read_value(obj)),
                ('WriteValue', 'aya{sv}', '', lambda obj, value, _options: write_value(obj, bytes(value))),
                ('StartNotify', '', '', start_notify),
                ('StopNotify', '', '', lambda obj: obj.UpdateProperties(CHAR, {'Notifying': dbus.Boolean(False)})),
            ])
            char_obj = mockobject.objects[char_path]
            char_obj.sim_path = sim.path
            char_obj.uuid = char_uuid
            sim.chars[char_uuid] = char_path
            sim.gatt_paths.append(char_path)
            emit_added(char_path, CHAR, props)
            handle += 3
    set_device(device, {'ServicesResolved': dbus.Boolean(True)})


def disconnect(sim):
    device = mockobject.objects[sim.path]
    if not device.props[DEVICE]['Connected']:
        raise dbus.exceptions.DBusException('Not Connected', name='org.bluez.Error.NotConnected')
    drop_link(sim)


def drop_link(sim):
    '''The link is gone: GATT objects removed, Connected and ServicesResolved false (as bluetoothd does).'''
    if sim.transfer is not None:
        GLib.source_remove(sim.transfer)
        sim.transfer = None
    device = mockobject.objects[sim.path]
    set_device(device, {'ServicesResolved': dbus.Boolean(False)})
    for path in reversed(sim.gatt_paths):
        interface = SERVICE if '/char' not in path.rsplit('/', 1)[-1] else CHAR
        mockobject.objects['/'].EmitSignal(OM, 'InterfacesRemoved', 'oas', [dbus.ObjectPath(path), [interface]])
        mockobject.objects['/'].RemoveObject(path)
    sim.gatt_paths = []
    sim.chars = {}
    sim.consented_user = None
    device.connected = False
    set_device(device, {'Connected': dbus.Boolean(False)})


def start_notify(obj):
    obj.UpdateProperties(CHAR, {'Notifying': dbus.Boolean(True)})
    sim = SIMS[obj.sim_path]
    if sim.kind == 'standard-cuff' and obj.uuid == uuid16(0x2A35):
        # Give the collector a moment to subscribe to 0x2A36 too, then measure and send.
        def measure():
            for pressure in sim.cuff_pressures:
                notify(sim, 0x2A36, pressure)
            start_dump(sim, 0x2A35)
            return False
        GLib.timeout_add(100, measure)


def read_value(obj):
    sim = SIMS[obj.sim_path]
    if obj.uuid == uuid16(0x2A9E):
        return ay(sim.feature or bytes([0xA7, 0x01, 0x00, 0x00]))
    if obj.uuid == uuid16(0x2A49):
        return ay(bytes([0x27, 0x00]))
    if obj.uuid == uuid16(0x2A51):
        return ay(bytes([0x02, 0x04]))  # multiple bond + strip insertion error detection
    if obj.uuid == uuid16(0x2A08):
        return ay(sim.clock or bytes(7))
    return ay(bytes(obj.props[CHAR]['Value']))


def notify(sim, short, value):
    char = sim.char(short)
    if char is not None and char.props[CHAR]['Notifying']:
        char.UpdateProperties(CHAR, {'Value': ay(value)})
        return True
    return False


def write_value(obj, value):
    sim = SIMS[obj.sim_path]
    if obj.uuid == uuid16(0x2A08) and sim.kind in ('and-ua651ble', 'standard-scale'):
        if len(value) != 7:
            raise dbus.exceptions.DBusException('Invalid Value Length', name='org.bluez.Error.InvalidValueLength')
        sim.clock = value
        measurement = 0x2A35 if sim.kind == 'and-ua651ble' else 0x2A9D
        start_dump(sim, measurement)
    elif obj.uuid == uuid16(0x2A2B):
        sim.clock = value
    elif obj.uuid == uuid16(0x2A9F):
        user_control_point(sim, value)
    elif obj.uuid == uuid16(0x2A52):
        racp(sim, value)
    obj.UpdateProperties(CHAR, {'Value': ay(value)}) if obj.uuid == AND_CUSTOM_CHAR else None


def start_dump(sim, measurement):
    '''Clock written: indicate every unsent record in order, then disconnect (the A&D flow).'''
    def step():
        if not sim.records:
            sim.transfer = None
            drop_link(sim)
            return False
        if sim.disconnect_after >= 0 and sim.sent >= sim.disconnect_after:
            sim.disconnect_after = -1   # the fault happens once
            sim.transfer = None
            drop_link(sim)
            return False
        if not notify(sim, measurement, sim.records[0]):
            sim.transfer = None
            return False
        sim.records.pop(0)     # indicated and confirmed: no longer unsent
        sim.sent += 1
        return True
    sim.transfer = GLib.timeout_add(5, step)


def user_control_point(sim, value):
    op = value[0] if value else 0
    if op == 0x01 and len(value) == 3:
        index = max(sim.users.keys(), default=-1) + 1
        sim.users[index] = value[1] | value[2] << 8
        GLib.timeout_add(5, lambda: notify(sim, 0x2A9F, bytes([0x20, 0x01, 0x01, index])) and False)
    elif op == 0x02 and len(value) == 4:
        index, code = value[1], value[2] | value[3] << 8
        if sim.users.get(index) == code:
            sim.consented_user = index
            GLib.timeout_add(5, lambda: notify(sim, 0x2A9F, bytes([0x20, 0x02, 0x01])) and False)
            uds_dump(sim, index)
        else:
            GLib.timeout_add(5, lambda: notify(sim, 0x2A9F, bytes([0x20, 0x02, 0x05])) and False)
    else:
        GLib.timeout_add(5, lambda: notify(sim, 0x2A9F, bytes([0x20, op, 0x02])) and False)


def uds_dump(sim, index):
    '''After consent: every stored weight of that user (flags bit 2 and user id byte) and body composition.'''
    def user_of(record, has_user_bit, user_offset):
        return record[user_offset] if len(record) > user_offset and record[0] & has_user_bit else None
    queue = []
    for record in sim.records:
        offset = 3 + (7 if record and record[0] & 0x02 else 0)
        user = user_of(record, 0x04, offset)
        if user is None or user == index:
            queue.append((0x2A9D, record))
    for record in sim.body_records:
        queue.append((0x2A9C, record))
    sent_here = [0]

    def step():
        if not queue:
            sim.transfer = None
            drop_link(sim)
            return False
        if sim.disconnect_after >= 0 and sent_here[0] >= sim.disconnect_after:
            sim.disconnect_after = -1
            sim.transfer = None
            drop_link(sim)
            return False
        short, record = queue.pop(0)
        notify(sim, short, record)
        sim.sent += 1
        sent_here[0] += 1
        return True
    sim.transfer = GLib.timeout_add(20, step)


def racp(sim, value):
    '''Record Access Control Point (research devices.md §1.5): responses by indication on 0x2A52.'''
    device = mockobject.objects[sim.path]
    if not device.props[DEVICE]['Paired']:
        # GLP: every Glucose characteristic needs an encrypted, bonded link.
        raise dbus.exceptions.DBusException('Insufficient authentication', name='org.bluez.Error.NotAuthorized')

    def respond(payload):
        GLib.timeout_add(5, lambda: notify(sim, 0x2A52, bytes(payload)) and False)

    def seq(record):
        return record[1] | record[2] << 8 if len(record) >= 3 else 0
    if len(value) < 2:
        respond([0x06, 0x00, value[0] if value else 0, 0x05])
        return
    op, operator = value[0], value[1]
    if op == 0x03:
        if sim.transfer is not None:
            GLib.source_remove(sim.transfer)
            sim.transfer = None
        respond([0x06, 0x00, 0x03, 0x01])
        return
    if op not in (0x01, 0x04):
        respond([0x06, 0x00, op, 0x02])
        return
    if operator == 0x01:
        selected = list(sim.records)
    elif operator == 0x03 and len(value) == 5 and value[2] == 0x01:
        first = value[3] | value[4] << 8
        selected = [r for r in sim.records if seq(r) >= first]
    elif operator in (0x00,) or operator > 0x06:
        respond([0x06, 0x00, op, 0x03])
        return
    elif operator == 0x03:
        respond([0x06, 0x00, op, 0x05])
        return
    else:
        respond([0x06, 0x00, op, 0x04])
        return
    if op == 0x04:
        respond([0x05, 0x00, len(selected) & 0xFF, len(selected) >> 8])
        return
    if not selected:
        respond([0x06, 0x00, 0x01, 0x06])
        return
    queue = []
    for record in selected:
        queue.append((0x2A18, record))
        if len(record) >= 1 and record[0] & 0x10 and seq(record) in sim.contexts:
            queue.append((0x2A34, sim.contexts[seq(record)]))
    sent_here = [0]

    def step():
        if not queue:
            sim.transfer = None
            notify(sim, 0x2A52, bytes([0x06, 0x00, 0x01, 0x01]))
            return False
        if sim.disconnect_after >= 0 and sent_here[0] >= sim.disconnect_after:
            sim.disconnect_after = -1
            sim.transfer = None
            drop_link(sim)
            return False
        short, record = queue.pop(0)
        notify(sim, short, record)
        if short == 0x2A18:
            sim.sent += 1
            sent_here[0] += 1
        return True
    sim.transfer = GLib.timeout_add(5, step)
