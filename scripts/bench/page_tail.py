#!/usr/bin/env python3
"""Where a page's slow requests come from (issue 18's p99 goal): one kidneyhub build serves a generated store
(`KidneyHubBenchmarks web-store`, a year of one patient) and the page is requested --requests times on one
keep-alive connection. Around each request it reads every hub thread's scheduler statistics from
`/proc/PID/task/*/schedstat` (time on a CPU, time waiting in the run queue, time slices), so a slow request says
whether the hub waited for a CPU, switched threads more, faulted in more memory, or used more CPU time for the same
work (on a virtual machine, time the host takes from the guest counts as the guest's). It prints the medians and the slowest requests,
then a fixed CPU task of the page's median timed as often (`web_pages.machine_control`).

    python3 scripts/bench/page_tail.py --build .build/release --page /trends --requests 400
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import web_pages  # noqa: E402


def schedstat(pid):
    """The hub's threads' time on a CPU (ms), time waiting to run (ms) and time slices, summed."""
    run = wait = slices = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            fields = open(f"/proc/{pid}/task/{task}/schedstat").read().split()
        except OSError:  # a thread that ended meanwhile
            continue
        run, wait, slices = run + int(fields[0]), wait + int(fields[1]), slices + int(fields[2])
    return run / 1e6, wait / 1e6, slices


def page_faults(pid):
    """The hub's minor and major page faults so far (`/proc/PID/stat` fields 10 and 12)."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return int(fields[7]) + int(fields[9])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default=str(web_pages.ROOT / ".build" / "release"))
    parser.add_argument("--page", default="/trends")
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("--slowest", type=int, default=8)
    arguments = parser.parse_args()
    build = Path(arguments.build)
    folder = tempfile.mkdtemp(prefix="kidneyhub-tail-")
    store = os.path.join(folder, "hub.sqlite")
    process = None
    try:
        subprocess.run([str(build / "KidneyHubBenchmarks"), "web-store", "--store", store, "--days",
                        str(arguments.days)], check=True, stdout=subprocess.DEVNULL)
        port = web_pages.free_port()
        process, link = web_pages.start_hub(build / "kidneyhub", store, folder, port)
        client = web_pages.signed_in_client(port, link)
        for _ in range(20):
            client.request("GET", arguments.page)
        rows = []
        for index in range(arguments.requests):
            before, faults = schedstat(process.pid), page_faults(process.pid)
            start = time.perf_counter()
            status, _, _ = client.request("GET", arguments.page)
            wall = (time.perf_counter() - start) * 1000
            after = schedstat(process.pid)
            assert status == 200, status
            rows.append((index, wall, after[0] - before[0], after[1] - before[1], after[2] - before[2],
                         page_faults(process.pid) - faults))
        walls = [row[1] for row in rows]
        print(f"{arguments.page}: {web_pages.summary(walls)}")
        print(f"  median per request: hub CPU {statistics.median(r[2] for r in rows):.2f} ms, run-queue wait "
              f"{statistics.median(r[3] for r in rows):.2f} ms, {statistics.median(r[4] for r in rows):.0f} slices, "
              f"{statistics.median(r[5] for r in rows):.0f} page faults")
        print(f"  the {arguments.slowest} slowest:")
        for index, wall, cpu, wait, slices, faults in sorted(rows, key=lambda row: -row[1])[:arguments.slowest]:
            print(f"    #{index:<4} {wall:6.1f} ms: hub CPU {cpu:6.1f} ms, wait {wait:5.1f} ms, {slices} slices, "
                  f"{faults} page faults")
        control = web_pages.machine_control(web_pages.percentile(walls, 0.5), arguments.requests)
        print(f"  a fixed CPU task of about that p50, timed as often: {web_pages.summary(control)}")
    finally:
        if process:
            process.terminate()
            process.wait(timeout=30)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
