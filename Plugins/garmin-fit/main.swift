import AdapterKit
import Importers

await AdapterRuntime.run(GarminFITAdapter())
