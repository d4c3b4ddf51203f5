"""Validates a FHIR R4 Bundle with fhir.resources 6.4.0 (the last release whose default models are R4 4.0.1,
formats.md §3.7). Exit status 0 when the Bundle and every resource in it validate; 1 with the errors otherwise.

Run with the interpreter of the virtual environment scripts/setup.sh makes (.venv-fhir), which keeps
fhir.resources' pydantic 1 apart from the system's packages.
"""
import json
import sys

import fhir.resources
from fhir.resources import construct_fhir_element
from fhir.resources.bundle import Bundle


def main(path: str) -> int:
    if not fhir.resources.__version__.startswith("6.4."):
        print(f"fhir.resources {fhir.resources.__version__} is not the R4 release 6.4.x", file=sys.stderr)
        return 2
    with open(path, encoding="utf-8") as handle:
        document = json.load(handle)
    errors = []
    try:
        Bundle.parse_obj(document)
    except Exception as error:  # pydantic.ValidationError lists every problem
        errors.append(f"Bundle: {error}")
    counts = {}
    for index, entry in enumerate(document.get("entry", [])):
        resource = entry.get("resource", {})
        kind = resource.get("resourceType", "?")
        try:
            construct_fhir_element(kind, resource)
            counts[kind] = counts.get(kind, 0) + 1
        except Exception as error:
            errors.append(f"entry {index} ({kind}): {error}")
    if errors:
        print("\n".join(errors), file=sys.stderr)
        return 1
    print(json.dumps({"valid": True, "fhirVersion": "4.0.1", "resources": counts}, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
