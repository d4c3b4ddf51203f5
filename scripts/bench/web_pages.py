#!/usr/bin/env python3
"""The web app's performance goals (issue 18), against `kidneyhub serve` on a store holding a year of one patient's
data (`KidneyHubBenchmarks web-store`: per day a pre and post weight on Mon/Wed/Fri and a morning weight otherwise,
a blood pressure with pulse, glucose 4 times, 3 meals and 2 drinks; a lab panel a month; three goals), release build:

1. server time of every page reachable from the navigation (and from a page's own, as the trends' parts), p50/p95/p99
   over --requests GETs each, one after another on one keep-alive connection: the hub's own time from each answer's
   `Server-Timing` header (request head to response, measured in the hub; goal p99 <= 20 ms), and the round trip as
   this client sees it (from sending the request to the last byte of the answer on loopback: the server's time, the
   loopback, and this Python client's own scheduling, which a busy machine delays too; a build without the header
   gives the round trip for both); beside them, as a control, a fixed CPU task of about the slowest page's median
   timed as many times: on a virtual machine whose host takes the CPU away now and then, its p99 shows how much of a
   page's tail is the machine's;
2. search-as-you-type, server time over everyday prefixes, from `Server-Timing` as above, with the round trip
   beside it (goal p99 <= 5 ms);
3. in headless Chromium (selenium): keystroke to results drawn on the food page (performance.now() at the input
   event, then a MutationObserver on the results list and the next animation frame; goal p99 <= 50 ms);
4. bytes transferred per page with its assets, cache off (Chromium's resource timing: transferSize of the
   navigation and of every resource; goal <= 150 KB) and that no request goes to another host;
5. a reading reaching an open Today page by server-sent event: a weight entered through the web form (the same
   post-commit path as a device's batch) while Today is open in Chromium; the time from the reading's commit (its
   receivedAtMs, set in the committing transaction) to the page's MutationObserver seeing the event's attributes
   (goal p99 <= 100 ms).

    swift build -c release --product kidneyhub && swift build -c release --product KidneyHubBenchmarks
    python3 scripts/bench/web_pages.py            # add --requests 200 --trials 100 for the figures recorded
"""

import argparse
import http.client
import json
import os
import queue
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PASSPHRASE = "kidney beans 42"
PREFIXES = ["ban", "mil", "chick", "rice", "pot", "app", "bre", "egg", "chee", "ora", "tom", "cof", "bea", "pas",
            "yog", "car", "fis", "oat", "tea", "bro", "pea", "ora", "jui", "sou", "let"]


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def summary(values):
    return (f"p50 {percentile(values, 0.5):.2f} ms, p95 {percentile(values, 0.95):.2f} ms, "
            f"p99 {percentile(values, 0.99):.2f} ms, max {max(values):.2f} ms (n = {len(values)})")


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Client:
    """One keep-alive HTTP/1.1 connection carrying the session cookie."""

    def __init__(self, port):
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.cookie = None
        self.server_ms = None  # the last answer's Server-Timing duration

    def request(self, method, path, body=None, headers=None):
        sent = {"Host": f"127.0.0.1:{self.port}"}
        if self.cookie:
            sent["Cookie"] = self.cookie
        if body is not None:
            body = urllib.parse.urlencode(body)
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        sent.update(headers or {})
        self.connection.request(method, path, body=body, headers=sent)
        response = self.connection.getresponse()
        data = response.read()
        timing = re.fullmatch(r"app;dur=([0-9.]+)", response.getheader("Server-Timing") or "")
        self.server_ms = float(timing.group(1)) if timing else None
        cookie = response.getheader("Set-Cookie")
        if cookie:
            self.cookie = cookie.split(";", 1)[0]
        return response.status, response.getheader("Location"), data

    def follow(self, path):
        for _ in range(10):
            status, location, data = self.request("GET", path)
            if status in (302, 303) and location:
                path = urllib.parse.urlsplit(location)._replace(scheme="", netloc="").geturl()
                continue
            return path, status, data.decode()
        raise AssertionError(f"too many redirects from {path}")


def csrf(html):
    return re.search(r'name="csrf" value="([^"]+)"', html).group(1)


def start_hub(binary, store, folder, port):
    process = subprocess.Popen(
        [str(binary), "serve", "--store", store, "--hotplug", "off", "--http", f"127.0.0.1:{port}"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=dict(os.environ, XDG_DATA_HOME=folder))
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in process.stdout], daemon=True).start()
    output = []
    while True:
        line = lines.get(timeout=120)
        output.append(line)
        found = re.search(r"(http://\S+/signin/link\?token=\w+)", line)
        if found:
            return process, found.group(1)


def signed_in_client(port, link):
    """A client through the first run's passphrase page from the hub's sign-in link, on Today."""
    client = Client(port)
    _, _, html = client.follow(urllib.parse.urlsplit(link)._replace(scheme="", netloc="").geturl())
    client.request("POST", "/setup/passphrase",
                   {"csrf": csrf(html), "passphrase": PASSPHRASE, "confirmation": PASSPHRASE})
    client.follow("/today")
    return client


def load_average():
    return open("/proc/loadavg").read().split()[:3]


def timed(client, path, **options):
    """One request: its status, body, the hub's own time (Server-Timing) and the round trip, in ms. A build from
    before the header (2026-11-28) has only the round trip, which then stands for both."""
    start = time.perf_counter()
    status, _, data = client.request("GET", path, **options)
    round_trip = (time.perf_counter() - start) * 1000
    return status, data, client.server_ms if client.server_ms is not None else round_trip, round_trip


def server_times(client, pages, requests):
    """Per page, the hub's own times and the round trips."""
    results = {}
    for page in pages:
        for _ in range(5):
            client.request("GET", page)
        own, round_trips = [], []
        for _ in range(requests):
            status, _, server_ms, round_trip = timed(client, page)
            assert status == 200, (page, status)
            own.append(server_ms)
            round_trips.append(round_trip)
        results[page] = (own, round_trips)
    return results


def fixed_work(loops):
    total = 0
    for i in range(loops):
        total += i * i
    return total


def machine_control(target_ms, repetitions):
    """The same CPU work timed `repetitions` times, about `target_ms` each: no I/O, no threads, nothing of ours. On
    a virtual machine its slowest runs show what the host adds to any figure (stolen time counts as running time)."""
    loops = 10_000
    while True:
        start = time.perf_counter()
        fixed_work(loops)
        took = (time.perf_counter() - start) * 1000
        if took >= target_ms / 4:
            break
        loops *= 2
    loops = max(1, int(loops * target_ms / took))
    timings = []
    for _ in range(repetitions):
        start = time.perf_counter()
        fixed_work(loops)
        timings.append((time.perf_counter() - start) * 1000)
    return timings


def search_times(client, requests):
    own, round_trips = [], []
    found = {}
    for round_ in range(max(1, requests // len(PREFIXES))):
        for prefix in PREFIXES:
            status, data, server_ms, round_trip = timed(
                client, f"/api/v1/foods?q={prefix}", headers={"Accept": "application/json"})
            assert status == 200, (prefix, status, data[:200])
            own.append(server_ms)
            round_trips.append(round_trip)
            found[prefix] = len(json.loads(data)["foods"])
    return own, round_trips, found


def browser_figures(base, sign_in_cookie, pages, trials, client):
    sys.path.insert(0, str(ROOT / "Tests" / "web"))
    from pages import chromium

    driver = chromium()
    try:
        driver.get(base + "/signin")
        name, value = sign_in_cookie.split("=", 1)
        driver.add_cookie({"name": name, "value": value, "path": "/"})
        # Bytes per page, cache off, each page loaded afresh.
        driver.execute_cdp_cmd("Network.enable", {})
        driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
        sizes = {}
        foreign = []
        host = urllib.parse.urlsplit(base).netloc
        for page in pages:
            driver.get(base + page)
            entries = driver.execute_script(
                "const n = performance.getEntriesByType('navigation')[0];"
                "const r = performance.getEntriesByType('resource');"
                "return [[n.name, n.transferSize]].concat(r.map(e => [e.name, e.transferSize]));")
            sizes[page] = (sum(size for _, size in entries), len(entries) - 1)
            foreign += [url for url, _ in entries
                        if urllib.parse.urlsplit(url).netloc not in (host, "") and not url.startswith("data:")]
        driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})

        # Keystroke to results drawn.
        driver.get(base + "/food")
        keystrokes = []
        for trial in range(trials):
            prefix = PREFIXES[trial % len(PREFIXES)]
            elapsed = driver.execute_async_script("""
                const done = arguments[arguments.length - 1];
                const text = arguments[0];
                const input = document.querySelector('[data-live-search]');
                const list = document.getElementById('food-results');
                list.replaceChildren();
                input.value = '';
                let start = 0;
                const observer = new MutationObserver(() => {
                  observer.disconnect();
                  requestAnimationFrame(() => done(performance.now() - start));
                });
                observer.observe(list, {childList: true});
                setTimeout(() => { observer.disconnect(); done(-1); }, 5000);
                input.value = text;
                start = performance.now();
                input.dispatchEvent(new Event('input', {bubbles: true}));
                """, prefix)
            assert elapsed >= 0, f"no results drawn for {prefix!r}"
            keystrokes.append(elapsed)

        # A reading reaching an open Today page.
        driver.get(base + "/today")
        arrivals = []
        status, _, data = client.request("GET", "/weight")
        token = csrf(data.decode())
        for trial in range(trials):
            driver.execute_script("""
                const node = document.getElementById('new-readings');
                window.__arrivals = window.__arrivals || [];
                if (!window.__watching) {
                  window.__watching = true;
                  new MutationObserver(() => window.__arrivals.push(
                    [Number(node.dataset.readingId), Number(node.dataset.receivedAtMs), Date.now()]
                  )).observe(node, {attributes: true, attributeFilter: ['data-reading-id']});
                }
                """)
            before = len(driver.execute_script("return window.__arrivals"))
            value = f"{70 + (trial % 20) / 10:.1f}"
            status, _, _ = client.request("POST", "/weight", {"csrf": token, "value": value, "unit": "kg"})
            assert status == 303, status
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                seen = driver.execute_script("return window.__arrivals")
                if len(seen) > before:
                    break
                time.sleep(0.005)
            else:
                raise AssertionError("the reading did not reach Today within 10 s")
            _, received, arrived = seen[-1]
            arrivals.append(arrived - received)
        return sizes, foreign, keystrokes, arrivals
    finally:
        driver.quit()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default=str(ROOT / ".build" / "release"), help="where the built products are")
    parser.add_argument("--requests", type=int, default=50, help="timed GETs per page")
    parser.add_argument("--trials", type=int, default=30, help="browser keystroke and reading trials")
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("--no-browser", action="store_true")
    arguments = parser.parse_args()
    build = Path(arguments.build)
    folder = tempfile.mkdtemp(prefix="kidneyhub-webbench-")
    store = os.path.join(folder, "hub.sqlite")
    process = None
    try:
        started = time.monotonic()
        subprocess.run([str(build / "KidneyHubBenchmarks"), "web-store", "--store", store, "--days",
                        str(arguments.days)], check=True)
        print(f"store written in {time.monotonic() - started:.1f} s, {os.path.getsize(store) / 1e6:.1f} MB")
        port = free_port()
        process, link = start_hub(build / "kidneyhub", store, folder, port)
        client = Client(port)
        path, status, html = client.follow(urllib.parse.urlsplit(link)._replace(scheme="", netloc="").geturl())
        assert path.startswith("/setup/passphrase"), path
        status, _, _ = client.request("POST", "/setup/passphrase",
                                      {"csrf": csrf(html), "passphrase": PASSPHRASE, "confirmation": PASSPHRASE})
        path, status, html = client.follow("/today")
        assert path == "/today" and status == 200, (path, status)
        pages = sorted(set(re.findall(r'<nav.*?</nav>', html, re.S) and
                           re.findall(r'href="(/[a-z-]*)"', re.search(r'<nav.*?</nav>', html, re.S).group(0))))
        pages = [page for page in pages if page not in ("/", "/signout")]
        # And the pages a page's own navigation leads to (the trends' parts, /trends/labs and /trends/intake).
        for page in list(pages):
            _, _, data = client.request("GET", page)
            for nav in re.findall(r'<nav.*?</nav>', data.decode(), re.S):
                pages += [link for link in re.findall(r'href="(/[a-z/-]*)', nav) if link not in pages + ["/"]]
        pages = sorted(set(pages))
        print(f"load average before: {' '.join(load_average())}")
        times = server_times(client, pages, arguments.requests)
        print("\n1. server time per page (the hub's Server-Timing), goal p99 <= 20 ms:")
        for page, (own, _) in times.items():
            print(f"  {page:16} {summary(own)}")
        print("  the same requests' round trips as this client saw them (not the goal's figure):")
        for page, (_, round_trips) in times.items():
            print(f"  {page:16} {summary(round_trips)}")
        slowest = max(percentile(own, 0.5) for own, _ in times.values())
        control = machine_control(slowest, arguments.requests)
        print(f"  the machine itself: a fixed CPU task of about the slowest page's p50, timed as often (not a goal):")
        print(f"  {'fixed work':16} {summary(control)}")
        own, round_trips, found = search_times(client, max(arguments.requests * 4, len(PREFIXES)))
        print("\n2. search-as-you-type, server time over everyday prefixes (Server-Timing), goal p99 <= 5 ms:")
        print(f"  /api/v1/foods?q=… {summary(own)}")
        print(f"  round trips       {summary(round_trips)}")
        print("  results per prefix: " + ", ".join(f"{p} {n}" for p, n in found.items()))
        print(f"load average: {' '.join(load_average())}")
        if not arguments.no_browser:
            sizes, foreign, keystrokes, arrivals = browser_figures(
                f"http://127.0.0.1:{port}", client.cookie, pages, arguments.trials, client)
            print("\n3. keystroke to results drawn in headless Chromium, goal p99 <= 50 ms:")
            print(f"  {summary(keystrokes)}")
            print("\n4. bytes transferred per page with its assets, cache off, goal <= 150 KB:")
            for page, (size, assets) in sizes.items():
                print(f"  {page:16} {size / 1024:.1f} KB ({assets} assets)")
            print(f"  requests to another host: {len(foreign)} {foreign[:5]}")
            print("\n5. a reading's commit to an open Today page (server-sent event), goal p99 <= 100 ms:")
            print(f"  {summary(arrivals)}")
        print(f"\nload average after: {' '.join(load_average())}")
    finally:
        if process:
            process.terminate()
            process.wait(timeout=30)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
