import AdapterKit
import BLEAdapters

// The Bluetooth weight scale adapter: BlueZ over D-Bus (see Sources/BLEAdapters and README.md beside this file).
await AdapterRuntime.run(BLEAdapter(profile: WeightScaleProfile()))
