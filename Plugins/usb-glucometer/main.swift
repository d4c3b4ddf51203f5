import AdapterKit

// The USB glucometer adapter: see README.md.
await AdapterRuntime.run(USBGlucometerAdapter())
