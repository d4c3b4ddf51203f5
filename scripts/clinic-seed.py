#!/usr/bin/env python3
"""Seed a running kidneyhub-server through its API, as the reference server's seed does through Django.

Signs in the first administrator with a one-time link, creates the clinician `clinician` (password `clinic1234`),
registers patients 0000000001… (password `pass1234`) with 20 symptom lists of 5 symptoms each, and writes the shell
variables of the reference server's state.env to --state. Run again on the same database, it reuses what is there
(signs in instead of registering, tops lists up to 20).
"""
import argparse
import http.client
import json
import random
import sys
import urllib.parse

PATIENT_PASSWORD = "pass1234"
CLINICIAN_USERNAME = "clinician"
CLINICIAN_PASSWORD = "clinic1234"
LISTS, SYMPTOMS = 20, 5


class API:
    def __init__(self, base_url):
        url = urllib.parse.urlsplit(base_url)
        self.connection = http.client.HTTPConnection(url.hostname, url.port, timeout=60)

    def call(self, method, path, token=None, body=None):
        headers = {"Accept": "application/json"}
        if token:
            headers["Authorization"] = f"Token {token}"
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        self.connection.request(method, path, body=data, headers=headers)
        response = self.connection.getresponse()
        text = response.read().decode()
        return response.status, (json.loads(text) if text else None)

    def must(self, expected, method, path, token=None, body=None):
        status, answer = self.call(method, path, token, body)
        if status not in expected:
            sys.exit(f"clinic-seed: {method} {path} answered {status}: {answer}")
        return status, answer

    def sign_in(self, username, password):
        _, answer = self.must({200}, "POST", "/get_auth_token/", body={"username": username, "password": password})
        return answer["token"]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--admin-link", required=True)
    parser.add_argument("--patients", type=int, required=True)
    parser.add_argument("--state", required=True)
    args = parser.parse_args()
    if args.patients < 3:
        sys.exit("clinic-seed: need at least 3 patients (the benchmark uses patients 1, 2 and 3)")
    api = API(args.base_url)
    _, answer = api.must({200}, "GET", urllib.parse.urlsplit(args.admin_link).path)
    admin = answer["token"]
    api.must({201, 400}, "POST", "/clinicians/", admin,
             {"username": CLINICIAN_USERNAME, "password": CLINICIAN_PASSWORD, "first_name": "Clinician"})
    clinician = api.sign_in(CLINICIAN_USERNAME, CLINICIAN_PASSWORD)
    _, existing = api.must({200}, "GET", "/patients/", clinician)
    ids = {p["nhs_number"]: p["id"] for p in existing}
    rng = random.Random(4)
    patients = []
    for i in range(1, args.patients + 1):
        username = f"{i:010d}"
        if username not in ids:
            _, created = api.must({201}, "POST", "/patients/", clinician, {
                "nhs_number": username, "password": PATIENT_PASSWORD, "first_name": f"Patient{i}",
                "drug_course_id": 1 + i % 3, "month_of_treatment": 1 + i % 12})
            ids[username] = created["id"]
        token = api.sign_in(username, PATIENT_PASSWORD)
        _, lists = api.must({200}, "GET", "/sym/", token)
        for _ in range(LISTS - len(lists)):
            api.must({201}, "POST", "/sym/", token, {"symptoms": [
                {"symptom_no": n, "scale": rng.randint(0, 10)} for n in range(1, SYMPTOMS + 1)]})
        patients.append((ids[username], username, token))
    state = {
        "BASE_URL": args.base_url,
        "PORT": urllib.parse.urlsplit(args.base_url).port,
        "SEEDED_PATIENTS": args.patients,
        "SEEDED_LISTS_PER_PATIENT": LISTS,
        "SEEDED_SYMPTOMS_PER_LIST": SYMPTOMS,
        "PATIENT_PASSWORD": PATIENT_PASSWORD,
        "CLINICIAN_USERNAME": CLINICIAN_USERNAME,
        "CLINICIAN_PASSWORD": CLINICIAN_PASSWORD,
        "CLINICIAN_TOKEN": clinician,
    }
    for n in (1, 2, 3):
        pid, username, token = patients[n - 1]
        state[f"PATIENT{n}_ID"] = pid
        state[f"PATIENT{n}_USERNAME"] = username
        if n < 3:
            state[f"PATIENT{n}_TOKEN"] = token
    with open(args.state, "w") as out:
        out.writelines(f"{key}={value}\n" for key, value in state.items())


if __name__ == "__main__":
    main()
