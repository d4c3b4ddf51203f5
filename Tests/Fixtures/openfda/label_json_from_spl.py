"""Writes `lipitor-label.json`, the LIPITOR label of `lipitor-orig.spl.xml` in openFDA's `/drug/label` response shape.

openFDA builds each label record from the SPL document: the set id, document id, version and effective time, and
per section (identified by its LOINC code) the section's text as one string. This does the same for the sections
KidneyHub reads, so the README's `druglabels import` example has a real FDA label to import without the network.
Run from the repository root: python3 Tests/Fixtures/openfda/label_json_from_spl.py
"""
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

HERE = Path(__file__).resolve().parent
V3 = {"v3": "urn:hl7-org:v3"}
# openFDA field names of the SPL sections KidneyHub reads (OpenFDALabel.foodSections), by LOINC section code.
FIELDS = {
    "34070-3": "contraindications",
    "34068-7": "dosage_and_administration",
    "34073-7": "drug_interactions",
    "43685-7": "warnings_and_cautions",
    "34076-0": "information_for_patients",
    "42230-3": "spl_patient_package_insert",
}

root = ET.parse(HERE / "lipitor-orig.spl.xml").getroot()
record = {
    "set_id": root.find("v3:setId", V3).attrib["root"],
    "id": root.find("v3:id", V3).attrib["root"],
    "version": root.find("v3:versionNumber", V3).attrib["value"],
    "effective_time": root.find("v3:effectiveTime", V3).attrib["value"],
    "openfda": {"generic_name": ["ATORVASTATIN CALCIUM"], "brand_name": ["LIPITOR"]},
}
for section in root.iter("{urn:hl7-org:v3}section"):
    code = section.find("v3:code", V3)
    field = FIELDS.get(code.attrib.get("code")) if code is not None else None
    if field and field not in record:
        text = re.sub(r"\s+", " ", " ".join(section.itertext())).strip()
        record[field] = [text]
response = {"meta": {"disclaimer": "Converted from the SPL document by label_json_from_spl.py"}, "results": [record]}
(HERE / "lipitor-label.json").write_text(json.dumps(response, indent=1) + "\n")
