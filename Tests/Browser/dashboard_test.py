#!/usr/bin/env python3
"""The dashboard in a real browser: Debian's headless Chromium driven by Selenium (chromium-driver).

Starts its own `tempo serve --port 0` on a temporary SQLite file (the system clock: countdowns and
the live stream run in real time), then signs up, starts and stops focus, starts a countdown and
watches it count down, uploads fenix2-run.fit and compares its distance with
`tempo run summary --json` of the same file, sees a focus session and a badge made through the HTTP
API (urllib) appear without a reload within 1 s, checks the session cookie, CSRF and sign-out, and
saves screenshots of each view at 360 px and 1280 px under docs/screenshots/. Throughout: no console
error and no request to any host but the server.

Usage: Tests/Browser/dashboard_test.py [path/to/tempo]   (default .build/debug/tempo)
Prints one line per check and closes with "N passed, N failed"; exits non-zero on a failure.
"""
import base64
import datetime
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TEMPO = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/debug/tempo"))
RUN_FILE = os.path.join(ROOT, "Tests/Fixtures/runs/fenix2-run.fit")
SHOTS = os.path.join(ROOT, "docs/screenshots")
EMAIL, PASSWORD = "ada@example.org", "correct horse battery"
VIEWS = ["today", "timers", "runs", "places"]

passed, failed = 0, 0
console = []  # console errors seen so far (the log empties as it is read)


def check(name, ok, detail=""):
    """Counts one check and prints it."""
    global passed, failed
    if ok:
        passed += 1
        print(f"ok    {name}")
    else:
        failed += 1
        print(f"FAIL  {name}: {detail}")


def hms(seconds):
    """Seconds as H:MM:SS, rounded down, as the dashboard shows them."""
    whole = int(seconds)
    return f"{whole // 3600}:{whole % 3600 // 60:02d}:{whole % 60:02d}"


def seconds_of(text):
    """H:MM:SS as seconds."""
    h, m, s = (int(part) for part in text.split(":"))
    return h * 3600 + m * 60 + s


def iso(instant):
    """A datetime as ISO 8601 UTC with milliseconds."""
    return instant.astimezone(datetime.timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class Server:
    """A `tempo serve --port 0` of our own on a temporary store."""

    def __init__(self):
        self.directory = tempfile.mkdtemp(prefix="tempo-browser-")
        self.token = None
        self.start(0)

    def start(self, port):
        """Starts the server on `port` (0: a free one) and the same store."""
        self.process = subprocess.Popen(
            [TEMPO, "serve", "--port", str(port), "--db", os.path.join(self.directory, "server.sqlite"), "--log-level", "warning"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env={"HOME": self.directory, "PATH": os.environ["PATH"]})
        line = self.process.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:[0-9]+", line)
        if not match:
            self.process.kill()
            raise SystemExit(f"tempo serve did not start: {line!r}")
        self.url = match.group(0)

    def restart(self):
        """Stops the server (SIGTERM ends the open event streams) and starts it again on the same port and store."""
        port = int(self.url.rsplit(":", 1)[1])
        self.stop()
        time.sleep(0.5)
        self.start(port)

    def request(self, method, path, body=None, headers=None):
        """Sends a request (a real HTTP client: urllib); answers (status, headers, parsed body)."""
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.url + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if self.token and not (headers and "Cookie" in headers):
            request.add_header("Authorization", f"Bearer {self.token}")
        for key, value in (headers or {}).items():
            request.add_header(key, value)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                text = response.read().decode()
                return response.status, response.headers, (json.loads(text) if text and "json" in response.headers.get("Content-Type", "") else text)
        except urllib.error.HTTPError as error:
            text = error.read().decode()
            return error.code, error.headers, (json.loads(text) if text.startswith("{") else text)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900",
                     "--no-first-run", "--disable-background-networking", "--disable-component-update"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def drain(driver, sent=None):
    """The URLs the page requested since the last call (the performance log empties as it is read);
    the requests themselves (url, and headers as sent, from the extra info) are appended to `sent` when given."""
    urls, extra, requests = [], {}, []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
            requests.append((message["params"]["requestId"], message["params"]["request"]))
        elif message["method"] == "Network.requestWillBeSentExtraInfo":
            extra.setdefault(message["params"]["requestId"], {}).update(message["params"]["headers"])
    if sent is not None:
        sent.extend({"url": request["url"], "headers": {**request["headers"], **extra.get(key, {})}} for key, request in requests)
    return urls


def testid(driver, name):
    return driver.find_element(By.CSS_SELECTOR, f'[data-testid="{name}"]')


def wait_for(condition, timeout, step=0.05):
    """Polls `condition` until it answers truthy or `timeout` seconds pass; answers its last value."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(step)


def text_of(driver, name):
    return testid(driver, name).text.strip()


def screenshot(driver, view, width, suffix=""):
    """The whole page of `view` at `width` CSS pixels (its full height), as a PNG under docs/screenshots."""
    driver.execute_script("location.hash = arguments[0]", view)
    time.sleep(0.3)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": 800, "deviceScaleFactor": 1, "mobile": width < 600})
    time.sleep(0.3)
    height = driver.execute_script("return Math.ceil(document.documentElement.scrollHeight)")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    time.sleep(0.3)
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})
    path = os.path.join(SHOTS, f"{view}-{width}{suffix}.png")
    with open(path, "wb") as file:
        file.write(base64.b64decode(shot["data"]))
    return path


def main():
    os.makedirs(SHOTS, exist_ok=True)
    server = Server()
    driver = browser()
    requests = []
    try:
        run(server, driver, requests)
        # Every request the page made, to the server only.
        requests.extend(drain(driver))
        foreign = [url for url in requests if not (url.startswith(server.url + "/") or url.startswith("data:") or url.startswith("blob:"))]
        check(f"the page's {len(requests)} requests all went to the server", requests and not foreign, foreign[:5])
        errors = console + [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
        check("no console error", not errors, errors[:5])
    finally:
        driver.quit()
        server.stop()
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


def run(server, driver, requests):
    # The page and its headers.
    status, headers, page = server.request("GET", "/")
    csp = headers.get("Content-Security-Policy", "")
    check("GET / serves the page with a strict CSP", status == 200 and "default-src 'self'" in csp and "unsafe-inline" not in csp, csp)
    check("GET / says nosniff and no-cache", headers.get("X-Content-Type-Options") == "nosniff" and "no-cache" in headers.get("Cache-Control", ""), dict(headers))
    check("the page has no inline script or style", not re.search(r"<script(?![^>]*\bsrc=)|\bstyle=|<style|\bon[a-z]+=", page), "")
    status, headers, _ = server.request("GET", "/assets/app.js")
    check("an asset comes with a script type", status == 200 and headers.get("Content-Type", "").startswith("text/javascript"), headers.get("Content-Type"))
    status, _, _ = server.request("GET", "/assets/nothing.js")
    check("an unknown asset is a 404", status == 404, status)

    # Sign up in the browser.
    driver.get(server.url + "/")
    testid(driver, "auth-email").send_keys(EMAIL)
    testid(driver, "auth-password").send_keys(PASSWORD)
    testid(driver, "auth-signup").click()
    shown = wait_for(lambda: testid(driver, "focus-today").is_displayed() and text_of(driver, "focus-today"), 10)
    check("signing up shows Today at 0:00:00", shown == "0:00:00", shown)
    cookies = {cookie["name"]: cookie for cookie in driver.get_cookies()}
    session = cookies.get("tempo_session", {})
    check("the session cookie is HttpOnly and SameSite=Strict", session.get("httpOnly") and session.get("sameSite") == "Strict", session)
    check("the script cannot read the session cookie", "tempo_session" not in driver.execute_script("return document.cookie"), "")

    # The same account, as another device, through the HTTP API.
    status, _, body = server.request("POST", "/v1/tokens", {"email": EMAIL, "password": PASSWORD, "device": "browser test"})
    server.token = body["token"]

    # CSRF: the cookie alone does not change anything.
    cookie = f"tempo_session={session.get('value')}; tempo_csrf={cookies['tempo_csrf']['value']}"
    status, _, _ = server.request("PUT", f"/v1/timers/{uuid.uuid4()}", {"state": "idle", "duration_s": 60}, {"Cookie": cookie})
    check("a cookie request without X-CSRF-Token is a 403", status == 403, status)
    status, _, _ = server.request("GET", "/v1/timers", None, {"Cookie": cookie})
    check("a cookie GET needs no CSRF token", status == 200, status)

    # Focus: start, watch it count, stop; the page agrees with the server.
    testid(driver, "focus-start").click()
    counted = wait_for(lambda: seconds_of(text_of(driver, "focus-today")) >= 2, 6)
    check("a started session counts up on the page", counted, text_of(driver, "focus-today"))
    testid(driver, "focus-stop").click()
    time.sleep(0.5)
    _, _, focus = server.request("GET", "/v1/focus/status")
    shown = wait_for(lambda: text_of(driver, "focus-today") == hms(focus["today_s"]) and text_of(driver, "focus-today"), 2)
    check("after stop the page shows the server's today total", not focus["running"] and shown == hms(focus["today_s"]),
          f"page {text_of(driver, 'focus-today')}, server {focus}")

    # Pause and stop on the page, resume on another device: one session, kept paused on the server
    # (every device sees it), its stretches and every tag kept.
    started = str(uuid.uuid4())
    tags = ["thesis", "writing"]
    status, _, _ = server.request("PUT", f"/v1/focus/sessions/{started}",
                                  {"start": iso(datetime.datetime.now(datetime.timezone.utc)), "tags": tags})
    check("a session with two tags starts through the API", status == 201, status)
    wait_for(lambda: testid(driver, "focus-pause").is_enabled(), 3)
    time.sleep(1.1)
    testid(driver, "focus-pause").click()
    wait_for(lambda: testid(driver, "focus-resume").is_enabled(), 3)
    _, _, paused = server.request("GET", f"/v1/focus/sessions/{started}")
    _, _, focus = server.request("GET", "/v1/focus/status")
    check("pausing on the page keeps the session paused on the server, with every tag",
          not paused.get("end") and len(paused.get("segments", [])) == 1 and paused["segments"][0].get("end")
          and paused.get("tags") == tags and focus["paused"] and focus["session_id"] == started, (paused, focus))
    check("the page says it is paused", "Paused" in text_of(driver, "focus-session"), text_of(driver, "focus-session"))
    # Another device resumes it: the page sees it run again within 1 s, without a reload.
    segments = paused.get("segments", []) + [{"start": iso(datetime.datetime.now(datetime.timezone.utc)), "end": None}]
    status, _, resumed = server.request("PUT", f"/v1/focus/sessions/{started}", {"start": paused.get("start"), "tags": tags, "segments": segments})
    check("another device resumes the paused session", status == 200, resumed)
    running = wait_for(lambda: testid(driver, "focus-pause").is_enabled() and not testid(driver, "focus-resume").is_enabled(), 1.5)
    check("the page shows the session running again within 1 s", running, text_of(driver, "focus-session"))
    time.sleep(1.1)
    testid(driver, "focus-stop").click()
    stopped = wait_for(lambda: (lambda s: not s["running"] and not s["paused"] and s)(server.request("GET", "/v1/focus/status")[2]), 3)
    _, _, last = server.request("GET", f"/v1/focus/sessions/{started}")
    check("stopping on the page ends the one session with both stretches and every tag",
          stopped and last.get("end") and len(last.get("segments", [])) == 2 and last.get("tags") == tags, last)

    # A session made through the API appears without a reload within 1 s.
    driver.execute_script("window.tempoNoReload = true")
    now = datetime.datetime.now(datetime.timezone.utc)
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
    length = min(600, (now - midnight).total_seconds() - 1)
    status, _, _ = server.request("PUT", f"/v1/focus/sessions/{uuid.uuid4()}",
                                  {"start": iso(now - datetime.timedelta(seconds=length)), "end": iso(now), "trim": True})
    sent = time.monotonic()
    _, _, focus = server.request("GET", "/v1/focus/status")
    seen = wait_for(lambda: text_of(driver, "focus-today") == hms(focus["today_s"]), 3, 0.02)
    delay = time.monotonic() - sent
    check(f"a session put through the API shows in {delay:.2f} s (≤ 1 s)", status == 201 and seen and delay <= 1.0,
          f"status {status}, page {text_of(driver, 'focus-today')}, server {hms(focus['today_s'])}")
    check("the page was not reloaded", driver.execute_script("return window.tempoNoReload === true"), "")

    # A countdown: started on the page, counting down on the page without asking the server.
    testid(driver, "tab-timers").click()
    testid(driver, "timer-new").send_keys("25m")
    testid(driver, "timer-start").click()
    first = wait_for(lambda: re.fullmatch(r"\d+:\d\d:\d\d", text_of(driver, "timer-remaining")) and text_of(driver, "timer-remaining"), 5)
    check("a 25m countdown starts at 0:25:00 or just under", first in ("0:25:00", "0:24:59"), f"{first}; page says {text_of(driver, 'status')!r}")
    _, _, timers = server.request("GET", "/v1/timers")
    timer = (timers["timers"] or [{}])[0]
    check("the countdown is stored running for 1500 s", timer.get("state") == "running" and timer.get("duration_s") == 1500, timer)
    if not timer:
        return
    requests.extend(drain(driver))  # what came before is checked with the rest at the end
    time.sleep(3.2)
    later = text_of(driver, "timer-remaining")
    deadline = datetime.datetime.fromisoformat(timer["deadline_at"].replace("Z", "+00:00"))
    expected = (deadline - datetime.datetime.now(datetime.timezone.utc)).total_seconds()
    check("after 3.2 s it shows 3 s less, as the stored deadline says", seconds_of(first) - seconds_of(later) in (3, 4)
          and abs(seconds_of(later) - expected) <= 1.5, f"{first} then {later}, deadline says {expected:.1f}")
    polls = drain(driver)
    requests.extend(polls)
    check("the countdown asked the server nothing while counting", not polls, polls)
    testid(driver, "timer-pause").click()
    state = wait_for(lambda: "paused" in text_of(driver, "timer-state"), 3)
    _, _, timers = server.request("GET", "/v1/timers")
    check("pause stores the countdown paused", state and timers["timers"][0]["state"] == "paused", timers["timers"][0])
    testid(driver, "timer-resume").click()
    state = wait_for(lambda: "running" in text_of(driver, "timer-state"), 3)
    check("resume runs it again", state, text_of(driver, "timer-state"))
    # A countdown started on another device (the HTTP API) takes over the view within 1 s.
    start = datetime.datetime.now(datetime.timezone.utc)
    status, _, _ = server.request("PUT", f"/v1/timers/{uuid.uuid4()}", {
        "state": "running", "duration_s": 600, "started_at": iso(start), "deadline_at": iso(start + datetime.timedelta(seconds=600))})
    sent = time.monotonic()
    seen = wait_for(lambda: text_of(driver, "timer-remaining") in ("0:10:00", "0:09:59"), 3, 0.02)
    delay = time.monotonic() - sent
    check(f"a countdown started through the API shows in {delay:.2f} s (≤ 1 s)", status == 201 and seen and delay <= 1.0,
          f"status {status}, page {text_of(driver, 'timer-remaining')}")

    # A run: uploaded through the file input, its distance as `tempo run summary --json` says.
    testid(driver, "tab-runs").click()
    testid(driver, "run-upload").send_keys(RUN_FILE)
    shown = wait_for(lambda: text_of(driver, "run-distance"), 20)
    summary = json.loads(subprocess.run([TEMPO, "run", "summary", "--json", RUN_FILE], capture_output=True, text=True, check=True).stdout)
    meters = float(testid(driver, "run-distance").get_attribute("data-meters") or "nan")
    check(f"the uploaded run's distance {shown} is the CLI's {summary['distance_m'] / 1000:.2f} km",
          shown == f"{summary['distance_m'] / 1000:.2f} km" and abs(meters - summary["distance_m"]) < 1e-6, f"{shown} / {meters}")
    route = driver.find_elements(By.CSS_SELECTOR, "#run-route path.route")
    check("the run page draws the route", len(route) == 1 and len(route[0].get_attribute("d")) > 1000, "")

    # Places and a badge earned through the API appear live.
    testid(driver, "tab-places").click()
    server.request("PUT", "/v1/places/park", {"lat": 52.52, "lon": 13.40, "radius_m": 500})
    server.request("PUT", "/v1/places/fountain", {"lat": 52.521, "lon": 13.401, "radius_m": 50, "spot": "park", "badge": "fountain"})
    fixes = [{"lat": 52.5211, "lon": 13.4011, "time": iso(datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(seconds=60 - i * 10)),
              "accuracy_m": 5} for i in range(5)]
    status, _, answer = server.request("POST", "/v1/places/fixes", {"fixes": fixes})
    sent = time.monotonic()
    seen = wait_for(lambda: text_of(driver, "badge-count") == "1", 3, 0.02)
    delay = time.monotonic() - sent
    check(f"a badge earned through the API counts on the page in {delay:.2f} s (≤ 1 s)", status == 200 and answer["badges"] and seen and delay <= 1.0,
          f"{status} {answer} page {text_of(driver, 'badge-count')}")

    # Screenshots of every view, phone and desktop, and Today in the dark.
    for width in (360, 1280):
        for view in VIEWS:
            screenshot(driver, view, width)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    screenshot(driver, "today", 360, "-dark")
    screenshot(driver, "runs", 1280, "-dark")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False})
    check("screenshots saved", all(os.path.getsize(os.path.join(SHOTS, f"{v}-{w}.png")) > 5000 for v in VIEWS for w in (360, 1280)), "")

    # A lost connection reconnects and catches up: the server restarts (same port, same store) and
    # a session made right after shows without a reload. While it is down the browser reports its
    # refused reconnections to /v1/live; those, and only those, are expected.
    driver.execute_script("location.hash = 'today'")
    time.sleep(0.5)
    console.extend(entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE")
    requests.extend(drain(driver))
    server.restart()
    now = datetime.datetime.now(datetime.timezone.utc)
    length = min(120, (now - now.replace(hour=0, minute=0, second=0, microsecond=0)).total_seconds() - 1)
    status, _, _ = server.request("PUT", f"/v1/focus/sessions/{uuid.uuid4()}",
                                  {"start": iso(now - datetime.timedelta(seconds=length)), "end": iso(now), "trim": True})
    _, _, focus = server.request("GET", "/v1/focus/status")
    seen = wait_for(lambda: text_of(driver, "focus-today") == hms(focus["today_s"]), 15, 0.1)
    check("after the server restarted, a new session shows without a reload", status == 201 and seen
          and driver.execute_script("return window.tempoNoReload === true"), f"page {text_of(driver, 'focus-today')}, server {hms(focus['today_s'])}")
    sent = []
    requests.extend(drain(driver, sent))
    resumed = [request["headers"].get("Last-Event-ID") or urllib.parse.parse_qs(urllib.parse.urlparse(request["url"]).query).get("last_event_id")
               for request in sent if "/v1/live" in request["url"]]
    check(f"the event stream reconnected with the last event's id (Last-Event-ID or last_event_id: {resumed})", resumed and all(resumed),
          [request for request in sent if "/v1/live" in request["url"]])
    expected = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    console.extend(entry for entry in expected if not ("/v1/live" in entry["message"] and "ERR_CONNECTION_REFUSED" in entry["message"]))

    # Sign out revokes the token the cookie held.
    driver.execute_script("location.hash = 'today'")
    testid(driver, "auth-signout").click()
    back = wait_for(lambda: testid(driver, "auth-email").is_displayed(), 5)
    status, _, _ = server.request("GET", "/v1/focus/status", None, {"Authorization": f"Bearer {session.get('value')}", "Cookie": ""})
    check("signing out returns to the form and revokes the token", back and status == 401, status)


if __name__ == "__main__":
    main()
