#!/usr/bin/env python3
"""Builds KidneyHub's food database resource from the USDA SR28 files (the source of truth; never edit the output).

Usage: scripts/build-food-database.py [--sr28 DIR] [--output FILE]
  --sr28    the SR28 ASCII files (default: data/usda/sr28 in this repository)
  --output  the resource to write (default: Sources/FoodData/Resources/usda-sr28.tsv.gz)

Input: USDA National Nutrient Database for Standard Reference, Release 28 (September 2015), original ASCII
format (sr28_doc.pdf Tables 3-16): fields separated by '^', text in '~', Latin-1, CRLF. Only the five files read
below are kept in data/usda/sr28; their origin, licence (public domain) and checksums are in data/usda/SOURCE.md.

Output: one gzip'd UTF-8 text file of tab-separated records (stdlib only, deterministic: gzip mtime 0, no name):
  H  format-version  source-citation
  N  nutrientKey  SR-Nutr_No  UCUM-unit  name                      (the nutrients kept, in column order)
  G  FdGrp_Cd  FdGrp_Desc                                          (food groups)
  F  NDB_No  FdGrp_Cd  Long_Desc  ComName  Survey(0/1)  liquid(0/1)  commonness  value-per-100-g ...
  W  NDB_No  Seq  Amount  Msre_Desc  Gm_Wgt                        (household measures)
A value USDA does not have is an empty field: unknown, never 0. Values are copied as USDA printed them.
"""

import argparse
import gzip
import io
import os
import re
import sys

FORMAT_VERSION = "1"
CITATION = (
    "US Department of Agriculture, Agricultural Research Service, Nutrient Data Laboratory. USDA National "
    "Nutrient Database for Standard Reference, Release 28. Version Current: September 2015."
)

# The nutrients kept (nutrition.md section 1.4): key, SR Nutr_No, UCUM unit (NUTR_DEF units: kcal, g, mg, µg).
NUTRIENTS = [
    ("energy", "208", "kcal", "Energy"),
    ("protein", "203", "g", "Protein"),
    ("fat", "204", "g", "Total lipid (fat)"),
    ("carbohydrate", "205", "g", "Carbohydrate, by difference"),
    ("sugars", "269", "g", "Sugars, total"),
    ("fiber", "291", "g", "Fiber, total dietary"),
    ("water", "255", "g", "Water"),
    ("calcium", "301", "mg", "Calcium"),
    ("phosphorus", "305", "mg", "Phosphorus"),
    ("potassium", "306", "mg", "Potassium"),
    ("sodium", "307", "mg", "Sodium"),
    ("vitaminK", "430", "ug", "Vitamin K (phylloquinone)"),
    ("alcohol", "221", "g", "Alcohol, ethyl"),
    ("caffeine", "262", "mg", "Caffeine"),
]
UNIT_OF_SR = {"kcal": "kcal", "g": "g", "mg": "mg", "\u00b5g": "ug"}


def read_records(path):
    """The records of one SR28 file: fields split on '^', '~' quotes removed, Latin-1 decoded."""
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rb") as handle:
        text = handle.read().decode("latin-1")
    for line in text.split("\r\n"):
        if not line:
            continue
        yield [field[1:-1] if field.startswith("~") and field.endswith("~") else field for field in line.split("^")]


def clean(text):
    """Text safe for a tab-separated field."""
    return re.sub(r"[\t\r\n]+", " ", text).strip()


# Words that mark a dry or concentrated product rather than a drink, unless it is "prepared" (nutrition.md §1.7 (1)).
DRY_WORDS = re.compile(r"\b(powder|powdered|dry|dried|mix|crystals|granules|leaves|dehydrated|freeze-dried)\b", re.IGNORECASE)
PREPARED = re.compile(r"\b(prepared|ready[- ]to[- ]drink|ready[- ]to[- ]serve|reconstituted|brewed)\b", re.IGNORECASE)


def is_liquid(group, description):
    """Whether the food is liquid at room temperature, so its water counts as fluid (nutrition.md §1.7, §2.6).

    SR28 has no such flag; these are the heuristics of nutrition.md §1.7: beverages (1400) and soups (0600 "Soup")
    unless dry or a mix not yet prepared; ice cream, sherbet, frozen novelties (ice pops, juice bars), prepared
    gelatin desserts; milk and juices (§2.6: "anything liquid at room temperature or that melts": milk, juice).
    """
    name = description.lower()
    dry = DRY_WORDS.search(description) is not None and PREPARED.search(description) is None
    if group == "1400":
        return not dry
    if group == "0600" and (name.startswith("soup") or "broth" in name or "bouillon" in name):
        return not dry
    if name.startswith("ice cream") or "ice creams" in name or name.startswith("sherbet"):
        return True
    if name.startswith("frozen novelties"):
        return True
    if name.startswith("gelatin desserts") or name.startswith("gelatin dessert"):
        return "prepared" in name
    if group == "0100" and name.startswith("milk") and not dry:
        return True
    if re.search(r"\bjuice\b", name) and not dry and "concentrate" not in name:
        return True
    return False


# Groups whose foods are prepared elsewhere or are branded dishes; see commonness().
RESTAURANT_GROUPS = {"2100", "3600", "3500", "0300"}
BRAND_WORD = re.compile(r"\b[A-Z][A-Z'&.-]{2,}\b")


def commonness(group, description, survey, measures):
    """How commonly a food is eaten, as a rank signal for search (higher first); see docs/architecture.md.

    - Survey = "Y": USDA uses the food in FNDDS for the NHANES dietary survey (sr28_doc.pdf, FOOD_DES field Survey),
      i.e. it is what people actually report eating: +4.
    - Household measures: USDA lists more of them for foods eaten in many ways (cup, slice, medium ...): +1 per measure,
      at most 2.
    - Fast food, restaurant, baby and American Indian/Alaska Native foods, and brand names (SR28 prints brands in
      capitals), are specific rather than generic: -3.
    """
    score = (4 if survey == "Y" else 0) + min(measures, 2)
    if group in RESTAURANT_GROUPS or BRAND_WORD.search(description):
        score -= 3
    return score


def build(sr28):
    nutr_def = {row[0]: row for row in read_records(os.path.join(sr28, "NUTR_DEF.txt"))}
    for key, number, unit, _ in NUTRIENTS:
        if UNIT_OF_SR.get(nutr_def[number][1]) != unit:
            sys.exit(f"NUTR_DEF {number} unit {nutr_def[number][1]!r} is not {unit!r}")
    column_of = {number: index for index, (_, number, _, _) in enumerate(NUTRIENTS)}

    groups = [(row[0], row[1]) for row in read_records(os.path.join(sr28, "FD_GROUP.txt"))]
    foods = list(read_records(os.path.join(sr28, "FOOD_DES.txt.gz")))
    values = {}
    for row in read_records(os.path.join(sr28, "NUT_DATA.txt.gz")):
        column = column_of.get(row[1])
        if column is not None:
            values.setdefault(row[0], [""] * len(NUTRIENTS))[column] = row[2].strip()
    weights = list(read_records(os.path.join(sr28, "WEIGHT.txt.gz")))
    measure_count = {}
    for row in weights:
        measure_count[row[0]] = measure_count.get(row[0], 0) + 1

    out = io.StringIO()
    out.write(f"H\t{FORMAT_VERSION}\t{CITATION}\n")
    for key, number, unit, name in NUTRIENTS:
        out.write(f"N\t{key}\t{number}\t{unit}\t{name}\n")
    for code, description in sorted(groups):
        out.write(f"G\t{code}\t{clean(description)}\n")
    for row in sorted(foods, key=lambda r: r[0]):
        ndb, group, long_desc, common_name, survey = row[0], row[1], clean(row[2]), clean(row[4]), row[6]
        fields = [
            "F", ndb, group, long_desc, common_name, "1" if survey == "Y" else "0",
            "1" if is_liquid(group, long_desc) else "0",
            str(commonness(group, long_desc, survey, measure_count.get(ndb, 0))),
        ] + values.get(ndb, [""] * len(NUTRIENTS))
        out.write("\t".join(fields) + "\n")
    for row in sorted(weights, key=lambda r: (r[0], int(r[1]))):
        out.write(f"W\t{row[0]}\t{row[1]}\t{row[2].strip()}\t{clean(row[3])}\t{row[4].strip()}\n")
    return out.getvalue().encode("utf-8")


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    # The SR28 files live in the repository so that a fresh clone builds and tests on its own (issue 21 item 4).
    parser.add_argument("--sr28", default=os.path.join(root, "data", "usda", "sr28"))
    parser.add_argument("--output", default=os.path.join(root, "Sources", "FoodData", "Resources", "usda-sr28.tsv.gz"))
    arguments = parser.parse_args()
    data = build(arguments.sr28)
    os.makedirs(os.path.dirname(os.path.abspath(arguments.output)), exist_ok=True)
    buffer = io.BytesIO()
    # mtime 0 and no file name: the same input gives the same bytes, so a test can compare with the committed file.
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, compresslevel=9, mtime=0) as compressed:
        compressed.write(data)
    with open(arguments.output, "wb") as handle:
        handle.write(buffer.getvalue())
    print(f"wrote {arguments.output}: {len(data)} bytes of text, {len(buffer.getvalue())} compressed")


if __name__ == "__main__":
    main()
