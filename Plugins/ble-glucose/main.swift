import AdapterKit
import BLEAdapters

// The Bluetooth glucose meter adapter: BlueZ over D-Bus (see Sources/BLEAdapters and README.md beside this file).
await AdapterRuntime.run(BLEAdapter(profile: GlucoseProfile()))
