#!/usr/bin/env python3
"""Decodes every .fit file of a folder with fitparse (PyPI), all messages, as the comparison for
`KidneyHubBenchmarks fit-decode`. Prints files, messages and seconds."""
import glob
import os
import sys
import time

import fitparse

paths = sorted(glob.glob(os.path.join(sys.argv[1], "*.fit")))
start = time.monotonic()
messages = 0
for path in paths:
    fit = fitparse.FitFile(path)
    for _ in fit.get_messages():
        messages += 1
elapsed = time.monotonic() - start
print(f"fitparse: {len(paths)} files, {messages} messages in {elapsed:.3f} s ({messages / elapsed:,.0f} messages/s)")
