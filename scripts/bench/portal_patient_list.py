#!/usr/bin/env python3
"""The clinician portal's patient list with 1,000 patients and a year of data each (issue 20, goal p99 <= 50 ms).

Against a clinic started by `KIDNEYHUB_CLINIC_SEED=3 scripts/clinic.sh start` (its state file names the clinician
and its run.env the cluster): adds --patients patients to the clinician's clinic straight in SQL (it is the reading,
not the loading, that is measured), each with a year of synced readings as a hub pushes them (a pre- and a
post-dialysis weight with the hub's phase extension three times a week, a blood-pressure panel beside each
pre-dialysis weight, a daily home weight and pressure, a potassium a month, a symptom list a week), then signs the
clinician in through the portal's form and times --requests GET /portal/patients one after another, printing
p50, p95 and p99. The SQL statement alone is timed too (EXPLAIN ANALYZE), so the page's rendering can be told apart.
Loading straight in SQL still fills the list's summary (migration v7's triggers run for any insert), as a push does.

    KIDNEYHUB_CLINIC_SEED=3 KIDNEYHUB_CLINIC_STATE=/tmp/kh.env scripts/clinic.sh start
    python3 scripts/bench/portal_patient_list.py --state /tmp/kh.env
    scripts/clinic.sh stop
"""

import argparse
import http.cookiejar
import os
import re
import statistics
import subprocess
import time
import urllib.parse
import urllib.request
from pathlib import Path

PHASE = "https://kidneyhub.org/fhir/StructureDefinition/dialysis-phase"


def read_env(path):
    return dict(line.split("=", 1) for line in Path(path).read_text().splitlines() if "=" in line)


def psql(run, sql):
    pg_bin, pgdata = run["PG_BIN"], run["PGDATA_DIR"]
    socket = str(Path(pgdata).parent)
    command = [f"{pg_bin}/psql", "-h", socket, "-U", "postgres", "-d", "kidneyhub", "-v", "ON_ERROR_STOP=1", "-qtA"]
    if os.getuid() == 0:
        command = ["runuser", "-u", "postgres", "--"] + command
    return subprocess.run(command, input=sql, text=True, capture_output=True, check=True).stdout


def load(run, clinician, patients, days):
    weight = lambda phase, value, hour: f"""
        SELECT p.id, 'urn:kidneyhub:measurement', 'w-{phase}-' || d, 'http://loinc.org', '29463-7', {value}, 'kg',
            day + interval '{hour} hours',
            jsonb_build_object('resourceType', 'Observation', 'code', jsonb_build_object('coding',
                jsonb_build_array(jsonb_build_object('system', 'http://loinc.org', 'code', '29463-7'))),
                'extension', jsonb_build_array(jsonb_build_object('url', '{PHASE}', 'valueCode', '{phase}')),
                'valueQuantity', jsonb_build_object('value', {value}, 'unit', 'kg'))
        FROM new_patients p, generate_series(0, {days} - 1) AS d,
            LATERAL (SELECT date_trunc('day', now()) - d * interval '1 day' AS day) t
        WHERE d % 7 IN (0, 2, 4)"""
    pressure = lambda key, hour, where: f"""
        SELECT p.id, 'urn:kidneyhub:measurement', '{key}-' || d, 'http://loinc.org', '85354-9', NULL, NULL,
            day + interval '{hour} hours',
            jsonb_build_object('resourceType', 'Observation', 'code', jsonb_build_object('coding',
                jsonb_build_array(jsonb_build_object('system', 'http://loinc.org', 'code', '85354-9'))),
                'component', jsonb_build_array(
                    jsonb_build_object('code', jsonb_build_object('coding', jsonb_build_array(
                        jsonb_build_object('code', '8480-6'))), 'valueQuantity', jsonb_build_object('value',
                        120 + (p.id + d) % 40)),
                    jsonb_build_object('code', jsonb_build_object('coding', jsonb_build_array(
                        jsonb_build_object('code', '8462-4'))), 'valueQuantity', jsonb_build_object('value',
                        70 + (p.id + d) % 25))))
        FROM new_patients p, generate_series(0, {days} - 1) AS d,
            LATERAL (SELECT date_trunc('day', now()) - d * interval '1 day' AS day) t
        WHERE {where}"""
    sql = f"""
    BEGIN;
    CREATE TEMP TABLE new_patients AS
    WITH made AS (
        INSERT INTO account (clinic_id, role, username, password_hash, first_name)
        SELECT a.clinic_id, 'patient', 'bench-' || n, 'x', 'Bench' || n
        FROM account a, generate_series(1, {patients}) AS n WHERE a.username = '{clinician}'
        RETURNING id
    ) SELECT id FROM made;
    INSERT INTO reading (patient_id, identifier_system, identifier_value, code_system, code, value, unit,
        effective_at, resource)
    {weight('pre', '70 + ((p.id + d) % 30) / 10.0', 7)}
    UNION ALL {weight('post', '69 + ((p.id * 7 + d) % 10) / 10.0', 12)}
    UNION ALL {pressure('bp-pre', 7.1, 'd % 7 IN (0, 2, 4)')}
    UNION ALL {pressure('bp-home', 20, 'true')}
    UNION ALL
        SELECT p.id, 'urn:kidneyhub:measurement', 'w-home-' || d, 'http://loinc.org', '29463-7',
            70 + (d % 20) / 10.0, 'kg', day + interval '21 hours',
            jsonb_build_object('resourceType', 'Observation', 'valueQuantity', jsonb_build_object('value', 70))
        FROM new_patients p, generate_series(0, {days} - 1) AS d,
            LATERAL (SELECT date_trunc('day', now()) - d * interval '1 day' AS day) t
    UNION ALL
        SELECT p.id, 'urn:kidneyhub:lab', 'k-' || d, 'http://loinc.org', '2823-3', 4.0 + ((p.id + d) % 25) / 10.0,
            'mmol/L', day + interval '9 hours',
            jsonb_build_object('resourceType', 'Observation', 'category', jsonb_build_array(jsonb_build_object(
                'coding', jsonb_build_array(jsonb_build_object('code', 'laboratory')))))
        FROM new_patients p, generate_series(0, {days} - 1, 30) AS d,
            LATERAL (SELECT date_trunc('day', now()) - d * interval '1 day' AS day) t;
    INSERT INTO symptom_list (patient_id, recorded_at, symptom_nos, scales)
    SELECT p.id, now() - d * interval '1 day', ARRAY[1, 2, 3, 4, 5],
        ARRAY[(p.id + d) % 11, 2, 3, 1, 0]::integer[]
    FROM new_patients p, generate_series(0, {days} - 1, 7) AS d;
    COMMIT;
    ANALYZE;
    """
    psql(run, sql)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--state", required=True, help="the state file clinic.sh wrote (KIDNEYHUB_CLINIC_STATE)")
    parser.add_argument("--run", help="clinic.sh's run.env (default: beside the data folder)")
    parser.add_argument("--patients", type=int, default=1000)
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--skip-load", action="store_true", help="the data is there already")
    args = parser.parse_args()
    state = read_env(args.state)
    data_home = os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share")
    run = read_env(args.run or Path(data_home) / "kidneyhub" / "clinic" / "run.env")
    base, clinician = state["BASE_URL"], state["CLINICIAN_USERNAME"]

    if not args.skip_load:
        started = time.monotonic()
        load(run, clinician, args.patients, args.days)
        print(f"loaded {args.patients} patients x {args.days} days in {time.monotonic() - started:.1f} s")
    counts = psql(run, "SELECT (SELECT count(*) FROM account WHERE role = 'patient'), (SELECT count(*) FROM reading),"
                       " (SELECT count(*) FROM symptom_list)").strip()
    print(f"patients|readings|symptom lists: {counts}")

    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    form = opener.open(base + "/portal/sign-in").read().decode()
    csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', form).group(1)
    body = urllib.parse.urlencode({"csrf": csrf, "username": clinician, "password": state["CLINICIAN_PASSWORD"]})
    page = opener.open(base + "/portal/sign-in", data=body.encode()).read().decode()
    # The list shows a page of 50 patients (flagged first); its caption counts the whole clinic:
    # "Patients 1–50 of 1003, 12 flagged; …", or "7 patients, 2 flagged; …" when one page holds them all.
    rows = page.count("<tr data-patient=")
    caption = re.search(r"<caption>(.*?)</caption>", page).group(1)
    total = int(re.search(r"of ([0-9]+),|^([0-9]+) patients", caption).group(1) or
                re.search(r"^([0-9]+) patients", caption).group(1))
    assert total >= args.patients, f"the list shows {caption}"

    timings = []
    for _ in range(args.requests):
        started = time.perf_counter()
        with opener.open(base + "/portal/patients") as answer:
            answer.read()
            assert answer.status == 200
        timings.append((time.perf_counter() - started) * 1000)
    timings.sort()
    pick = lambda q: timings[min(len(timings) - 1, int(q * len(timings)))]
    print(f"GET /portal/patients ({rows} rows of {total}) x {len(timings)}: p50 {statistics.median(timings):.1f} ms, "
          f"p95 {pick(0.95):.1f} ms, p99 {pick(0.99):.1f} ms")

    clinic = psql(run, f"SELECT clinic_id FROM account WHERE username = '{clinician}'").strip()
    # Without JIT, as the server's connections run (CareStore turns it off).
    explain = psql(run, "SET jit = off; EXPLAIN ANALYZE " + overview_sql(clinic))
    print("the statement alone: " + [line for line in explain.splitlines() if "Execution Time" in line][0].strip())


def overview_sql(clinic):
    """The patient list's statement (CareStore.patientOverviews) with its parameters written in."""
    source = (Path(__file__).resolve().parents[2] / "Sources" / "CareServerStore" / "Portal"
              / "CareStore+Portal.swift").read_text()
    body = source.split('"""', 2)[1]
    body = body.replace("\\(clinicID)", clinic).replace("\\(dosesSince)", "now() - interval '7 days'")
    body = body.replace("\\(onlyPatient)::int8 IS NULL", "true").replace("OR a.id = \\(onlyPatient)", "")
    assert "\\(" not in body, body
    return body


if __name__ == "__main__":
    main()
