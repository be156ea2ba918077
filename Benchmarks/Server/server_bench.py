#!/usr/bin/env python3
"""Load figures of `tempo serve` (release build, loopback, this machine), measured with wrk and a
Python asyncio event-stream client, on SQLite and on PostgreSQL side by side, printed beside
PocketBase's published 2-vCPU figures.

Usage: Benchmarks/Server/run [--quick] [--seconds N]   (builds the release binary, starts a throwaway
PostgreSQL cluster with scripts/postgres, then runs this script). PostgreSQL is measured when
TEMPO_TEST_POSTGRES names a server (each run creates its own database there); TEMPO_BENCH_BINARY
runs another build of `tempo` (a debug one, to check the script itself).

What it measures (issue 10's targets in brackets):
  1. authenticated GET /v1/focus/status, a year of sessions, nothing running     [>= 20,000/s, p99 < 20 ms]
  2. the same with a session running (the status is derived afresh per request)
  3. places fixes uploaded in batches of 1,000 (POST /v1/places/fixes)           [>= 200,000 fixes/s]
  4. 10,000 concurrent GET /v1/live streams of one account, one change fanned out [all within 1 s]
Issue 11's targets on PostgreSQL: >= 10,000 status requests/s, >= 100,000 fixes/s.
"""
import asyncio
import datetime as dt
import http.client
import json
import os
import random
import re
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.environ.get("TEMPO_BENCH_BINARY") or os.path.join(ROOT, ".build", "release", "tempo")
QUICK = "--quick" in sys.argv
SECONDS = int(sys.argv[sys.argv.index("--seconds") + 1]) if "--seconds" in sys.argv else None
POSTGRES = os.environ.get("TEMPO_TEST_POSTGRES") or None

# PocketBase v0.24.0-dev on a Hetzner CAX11 (2 vCPU ARM64, 4 GB), from
# github.com/pocketbase/benchmarks results/hetzner_cax11.md ("Completed" time of each run).
POCKETBASE = {
    "read": "users getOne, 1,000 requests at concurrency 100 in 404 ms: 2,473 req/s",
    "write": "creating 50,000 posts at concurrency 500 in 27.7 s: 1,806 records/s",
    "live": "no realtime (SSE) fan-out figure is published in pocketbase/benchmarks",
}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def new_postgres_database(url):
    """A new empty database on the PostgreSQL server of `url` (psql), as a URL."""
    name = "tempo_bench_" + "".join(random.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(12))
    subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", url, "-c", f"CREATE DATABASE {name}"], check=True)
    return url.rsplit("/", 1)[0] + "/" + name


class Server:
    def __init__(self, directory, postgres=None):
        self.port = free_port()
        self.db = os.path.join(directory, "server.sqlite")
        self.log = open(os.path.join(directory, f"server-{self.port}.log"), "wb")
        storage = ["--postgres", new_postgres_database(postgres)] if postgres else ["--db", self.db]
        self.process = subprocess.Popen(
            [BINARY, "serve", "--port", str(self.port)] + storage,
            stdout=self.log, stderr=subprocess.STDOUT,
            preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (20000, 20000)))
        for _ in range(200):
            try:
                if self.request("GET", "/health")[0] == 200:
                    return
            except OSError:
                time.sleep(0.05)
        raise SystemExit("tempo serve did not start")

    def request(self, method, path, body=None, token=None, raw=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        headers = {}
        if token:
            headers["Authorization"] = "Bearer " + token
        data = raw
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        connection.request(method, path, body=data, headers=headers)
        response = connection.getresponse()
        text = response.read()
        connection.close()
        return response.status, (json.loads(text) if text else None)

    def account(self, email):
        status, _ = self.request("POST", "/v1/accounts", {"email": email, "password": "benchmark password"})
        assert status == 201, status
        status, body = self.request("POST", "/v1/tokens", {"email": email, "password": "benchmark password", "device": "bench"})
        assert status == 201, status
        return body["token"]

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)
        self.log.close()


def iso(instant):
    return instant.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def seed_year(server, token):
    """A year of focus: two sessions most days, in Seoul, with a 2-hour goal."""
    assert server.request("PUT", "/v1/focus/settings", {"tz": "Asia/Seoul", "day_start": "05:00", "goal_s": 7200}, token)[0] == 200
    now = dt.datetime.now(dt.timezone.utc).replace(microsecond=0)
    rng = random.Random(7)
    count = 0
    for day in range(365, 0, -1):
        base = now - dt.timedelta(days=day)
        for hour, minutes in ((1, rng.randint(20, 100)), (6, rng.randint(20, 100))):
            if rng.random() < 0.1:
                continue
            start = base.replace(hour=hour, minute=0, second=0)
            session = {"start": iso(start), "end": iso(start + dt.timedelta(minutes=minutes)), "tag": rng.choice(["thesis", "reading", None])}
            status, _ = server.request("PUT", f"/v1/focus/sessions/{uuid(count)}", session, token)
            assert status == 201, status
            count += 1
    return count


def uuid(n):
    return f"00000000-0000-4000-8000-{n:012x}"


def wrk(server, token, path, seconds):
    output = subprocess.run(
        ["wrk", "-t1", "-c32", f"-d{seconds}s", "--latency", "-H", f"Authorization: Bearer {token}",
         f"http://127.0.0.1:{server.port}{path}"], capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)", output)
    p99_ms = float(p99.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[p99.group(2)]
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    return rate, p99_ms, int(errors.group(1)) if errors else 0


def fixes_upload(server, token, batches):
    """POST /v1/places/fixes in batches of 1,000 from 4 connections; fixes/s."""
    status, _ = server.request("PUT", "/v1/places/home", {"lat": 37.5665, "lon": 126.9780, "radius_m": 150}, token)
    if status not in (200, 201):
        return None
    start_time = dt.datetime(2026, 11, 1, tzinfo=dt.timezone.utc)
    rng = random.Random(3)
    bodies = []
    for batch in range(batches):
        fixes = []
        for i in range(1000):
            n = batch * 1000 + i
            fixes.append({"lat": 37.5665 + rng.uniform(-0.01, 0.01), "lon": 126.9780 + rng.uniform(-0.01, 0.01),
                          "time": iso(start_time + dt.timedelta(seconds=n)), "accuracy_m": 5})
        bodies.append(json.dumps({"fixes": fixes}).encode())

    async def run():
        async def worker(queue):
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            while True:
                try:
                    body = queue.get_nowait()
                except asyncio.QueueEmpty:
                    break
                writer.write(b"POST /v1/places/fixes HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + token.encode()
                             + b"\r\nContent-Type: application/json\r\nContent-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
                head = await reader.readuntil(b"\r\n\r\n")
                assert head.startswith(b"HTTP/1.1 200"), head[:200]
                length = int(re.search(rb"(?i)content-length: (\d+)", head).group(1))
                await reader.readexactly(length)
            writer.close()
        # Batches of one account are applied in order: one connection, as a device uploads.
        queue = asyncio.Queue()
        for body in bodies:
            queue.put_nowait(body)
        began = time.perf_counter()
        await worker(queue)
        return time.perf_counter() - began

    elapsed = asyncio.run(run())
    return batches * 1000 / elapsed


def live_fanout(server, token, clients):
    """Holds `clients` event streams of one account, changes a record, times until every stream has the event."""
    async def run():
        ready = 0
        received = []
        connections = []

        async def client():
            nonlocal ready
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(b"GET /v1/live HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\nAuthorization: Bearer " + token.encode() + b"\r\n\r\n")
            head = await reader.readuntil(b"\r\n\r\n")
            assert head.startswith(b"HTTP/1.1 200"), head[:200]
            connections.append(writer)
            ready += 1
            while True:
                line = await reader.readline()
                if not line:
                    return
                if line.startswith(b"event: focus"):
                    received.append(time.perf_counter())
                    return

        tasks = []
        for index in range(clients):
            tasks.append(asyncio.create_task(client()))
            if index % 500 == 499:
                await asyncio.sleep(0.05)
        while ready < clients:
            await asyncio.sleep(0.1)
        await asyncio.sleep(1)
        began = time.perf_counter()
        loop = asyncio.get_running_loop()
        status = await loop.run_in_executor(None, lambda: server.request(
            "PUT", "/v1/focus/settings", {"tz": "Europe/Berlin", "day_start": "04:00", "goal_s": 3600}, token)[0])
        assert status == 200, status
        await asyncio.wait_for(asyncio.gather(*tasks), timeout=30)
        for writer in connections:
            writer.close()
        return len(received), max(received) - began

    return asyncio.run(run())


def measure(engine, postgres=None):
    """Every figure of one engine, as (label, value, target) rows."""
    directory = tempfile.mkdtemp(prefix="tempo-server-bench-")
    server = Server(directory, postgres)
    rows = []
    try:
        token = server.account("bench@example.org")
        sessions = seed_year(server, token)
        seconds = SECONDS or (5 if QUICK else 15)
        wrk(server, token, "/v1/focus/status", 2)  # warm-up
        rate, p99, errors = wrk(server, token, "/v1/focus/status", seconds)
        rows.append((f"GET /v1/focus/status, {sessions} sessions, none running",
                     f"{rate:,.0f} req/s, p99 {p99:.2f} ms, {errors} errors", ">= 20,000/s SQLite, >= 10,000/s PostgreSQL"))
        start = iso(dt.datetime.now(dt.timezone.utc) - dt.timedelta(minutes=5))
        assert server.request("PUT", f"/v1/focus/sessions/{uuid(999_999)}", {"start": start, "end": None, "tag": "live"}, token)[0] == 201
        rate, p99, errors = wrk(server, token, "/v1/focus/status", seconds)
        rows.append(("GET /v1/focus/status, one running", f"{rate:,.0f} req/s, p99 {p99:.2f} ms, {errors} errors", ""))

        fixes_token = server.account("fixes@example.org")
        rate = fixes_upload(server, fixes_token, 10 if SECONDS else (50 if QUICK else 300))
        rows.append(("POST /v1/places/fixes, batches of 1,000, one device",
                     "not served by this build" if rate is None else f"{rate:,.0f} fixes/s",
                     ">= 200,000/s SQLite, >= 100,000/s PostgreSQL"))

        clients = 200 if SECONDS else (2000 if QUICK else 10000)
        delivered, latency = live_fanout(server, token, clients)
        rows.append((f"GET /v1/live, {clients:,} streams, one change",
                     f"{delivered:,} reached in {latency * 1000:.0f} ms", "all within 1 s"))
    finally:
        server.stop()
        shutil.rmtree(directory, ignore_errors=True)
    return rows


def main():
    if not shutil.which("wrk"):
        raise SystemExit("wrk is missing (Benchmarks/Server/run installs it)")
    seconds = SECONDS or (5 if QUICK else 15)
    build = "release" if BINARY.endswith("/release/tempo") else f"binary {BINARY}"
    print(f"tempo serve ({build}, loopback, {os.cpu_count()} cores; wrk -t1 -c32 -d{seconds}s):")
    engines = [("SQLite (WAL)", measure("sqlite"))]
    if POSTGRES:
        engines.append(("PostgreSQL", measure("postgres", POSTGRES)))
    else:
        print("  (PostgreSQL not measured: TEMPO_TEST_POSTGRES is not set; Benchmarks/Server/run sets it)")
    width = max(len(label) for label, _, _ in engines[0][1])
    print(f"  {'':{width}}  " + "  ".join(f"{name:34}" for name, _ in engines) + "  target")
    for index, (label, _, target) in enumerate(engines[0][1]):
        values = "  ".join(f"{rows[index][1]:34}" for _, rows in engines)
        print(f"  {label:{width}}  {values}  {target}")
    print(f"  PocketBase (2 vCPU): {POCKETBASE['read']}; {POCKETBASE['write']}; {POCKETBASE['live']}")


if __name__ == "__main__":
    main()
