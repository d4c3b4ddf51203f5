"""Two kidneyhub builds side by side on one page (issue 18's performance goals): each serves a fresh copy of the same
generated store (`KidneyHubBenchmarks web-store`, a year of one patient), and the page is requested --requests times
on one keep-alive connection; per round and build it prints the loopback round trip (what web_pages.py prints
beside each page's Server-Timing figure; builds from before that header have only this) and the hub's CPU time per request (user + system from /proc, all its threads), which a
busy machine disturbs less than the wall clock. The builds alternate --rounds times; at the end it says
whether the two builds' last pages had the same HTML (apart from the CSRF token).

    python3 scripts/bench/compare_page.py --benchmarks .build/release/KidneyHubBenchmarks OLD/kidneyhub NEW/kidneyhub
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import web_pages  # noqa: E402


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--benchmarks", required=True, help="the KidneyHubBenchmarks binary that writes the store")
    parser.add_argument("--page", default="/trends")
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("binaries", nargs=2, help="two kidneyhub binaries")
    arguments = parser.parse_args()
    base = tempfile.mkdtemp(prefix="kidneyhub-compare-")
    seed = os.path.join(base, "seed.sqlite")
    pages = {}
    try:
        subprocess.run([arguments.benchmarks, "web-store", "--store", seed, "--days", str(arguments.days)],
                       check=True, stdout=subprocess.DEVNULL)
        for round in range(arguments.rounds):
            for binary in arguments.binaries:
                folder = tempfile.mkdtemp(dir=base)
                store = os.path.join(folder, "hub.sqlite")
                shutil.copy(seed, store)
                port = web_pages.free_port()
                process, link = web_pages.start_hub(binary, store, folder, port)
                try:
                    client = web_pages.signed_in_client(port, link)
                    for _ in range(20):
                        _, _, body = client.request("GET", arguments.page)
                    pages[binary] = re.sub(rb'name="csrf" value="[0-9a-f]+"', b"", body)
                    before = cpu_seconds(process.pid)
                    timings = []
                    for _ in range(arguments.requests):
                        start = time.perf_counter()
                        status, _, _ = client.request("GET", arguments.page)
                        timings.append((time.perf_counter() - start) * 1000)
                        assert status == 200, status
                    cpu = (cpu_seconds(process.pid) - before) / arguments.requests * 1000
                    print(f"round {round} {binary}: {web_pages.summary(timings)}, CPU {cpu:.2f} ms a request, "
                          f"load {' '.join(web_pages.load_average())}", flush=True)
                finally:
                    process.terminate()
                    process.wait(timeout=30)
        first, second = (pages[binary] for binary in arguments.binaries)
        print("same HTML" if first == second else f"the HTML differs ({len(first)} and {len(second)} bytes)")
    finally:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
