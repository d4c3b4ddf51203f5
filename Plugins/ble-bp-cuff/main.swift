import AdapterKit
import BLEAdapters

// The Bluetooth blood-pressure cuff adapter: BlueZ over D-Bus (see Sources/BLEAdapters and README.md beside this file).
await AdapterRuntime.run(BLEAdapter(profile: BloodPressureProfile()))
