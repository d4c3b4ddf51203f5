#!/usr/bin/env python3
"""Runs a command and reports its wall time and the peak resident memory of its whole process tree
(the hub and the adapters it starts), sampled from /proc every 50 ms.

    peak_rss.py LABEL -- COMMAND ARGS...

Prints one line: `LABEL: wall S s, CPU C s, peak tree RSS M MB (largest single process P MB)`; exits
with the command's status. CPU time (user + sys of every process of the tree that was waited for) is
the steadier figure on a machine shared with other work.
"""
import os
import resource
import subprocess
import sys
import time


def children_map():
    parents = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            parents.setdefault(int(fields[1]), []).append(int(entry))
        except OSError:
            continue
    return parents


def rss_kb(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def main():
    label = sys.argv[1]
    command = sys.argv[sys.argv.index("--") + 1:]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    process = subprocess.Popen(command)
    peak_tree = 0
    peak_single = 0
    while process.poll() is None:
        parents = children_map()
        tree = [process.pid]
        index = 0
        while index < len(tree):
            tree.extend(parents.get(tree[index], []))
            index += 1
        sizes = [rss_kb(pid) for pid in tree]
        peak_tree = max(peak_tree, sum(sizes))
        peak_single = max(peak_single, max(sizes, default=0))
        time.sleep(0.05)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    print(f"{label}: wall {wall:.2f} s, CPU {cpu:.2f} s (user+sys of the whole tree), peak tree RSS "
          f"{peak_tree / 1024:.1f} MB (largest single process {peak_single / 1024:.1f} MB)", flush=True)
    sys.exit(process.returncode)


if __name__ == "__main__":
    main()
