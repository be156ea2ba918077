// Today: focus against the goal, the marimo, the streak, the running session, the week, the calendar.
import { api, newID } from './api.js';
import { addDays, hms } from './format.js';
import { bars, marimo, ring } from './svg.js';

const $ = (id) => document.getElementById(id);

let status = null;
let fetchedAt = 0;

/** Today's total and the session's length now, counted on from the status while a session runs. */
function tick() {
  if (!status) return;
  const running = status.running ? (Date.now() - fetchedAt) / 1000 : 0;
  const today = status.today_s + running;
  $('focus-today').textContent = hms(today);
  ring($('focus-ring'), status.goal_s ? today / status.goal_s : 0);
  $('focus-session').textContent = status.running
    ? `Focusing since ${new Date(status.started_at).toLocaleTimeString()} · ${hms(status.session_s + running)}`
    : status.paused ? `Paused · ${hms(status.session_s)}` : 'No session running';
}

/** Reads the status, the last seven days and the calendar, and draws them. */
export async function refresh() {
  status = await api('GET', '/v1/focus/status');
  fetchedAt = Date.now();
  $('focus-goal').textContent = status.goal_s ? `of ${hms(status.goal_s)}` : 'no goal set';
  $('focus-start').disabled = status.running || status.paused;
  $('focus-pause').disabled = !status.running;
  $('focus-resume').disabled = !status.paused;
  $('focus-stop').disabled = !status.running && !status.paused;
  marimo($('marimo'), status.growth_stage, status.growth_stage_name);
  $('marimo-stage').textContent = status.growth_stage_name;
  $('streak').textContent = String(status.streak_days);
  tick();
  const from = addDays(status.date, -6);
  const [report, calendar] = await Promise.all([
    api('GET', `/v1/focus/report?from=${from}&to=${status.date}`),
    api('GET', '/v1/focus/calendar?weeks=12'),
  ]);
  const labels = report.days.map((day) => new Date(`${day.date}T12:00:00Z`).toLocaleDateString(undefined, { weekday: 'short', timeZone: 'UTC' }));
  bars($('week-bars'), report.days.map((day) => day.total_s), labels, hms);
  const image = new DOMParser().parseFromString(calendar, 'image/svg+xml').documentElement;
  $('heat-map').replaceChildren(document.importNode(image, true));
}

async function start(tags) {
  await api('PUT', `/v1/focus/sessions/${newID()}`, { start: new Date().toISOString(), tags });
}

/**
 * Stores the running or paused session again with its stretches as `change` makes them from the
 * stored ones (the server keeps pauses, so every device sees the same state); `end` stops it.
 */
async function update(change, end) {
  if (!status?.session_id) return;
  const path = `/v1/focus/sessions/${status.session_id}`;
  const session = await api('GET', path);
  const segments = change(session.segments.map(({ start, end: stretchEnd }) => ({ start, end: stretchEnd ?? null })), new Date().toISOString());
  await api('PUT', path, { start: session.start, tags: session.tags ?? (session.tag ? [session.tag] : []), segments, ...(end ? { end: new Date().toISOString() } : {}) });
}

/** Closes the open stretch, if one runs, at `now`. */
const closed = (segments, now) => segments.map((stretch) => (stretch.end ? stretch : { start: stretch.start, end: now }));

/** Wires the buttons; `act` runs an action and reports its error. */
export function setUp(act) {
  const action = (body) => () => act(async () => { await body(); await refresh(); });
  $('focus-start').addEventListener('click', action(() => start([])));
  $('focus-pause').addEventListener('click', action(() => update(closed)));
  $('focus-resume').addEventListener('click', action(() => update((segments, now) => [...closed(segments, now), { start: now, end: null }])));
  $('focus-stop').addEventListener('click', action(() => update(closed, true)));
  setInterval(tick, 1000);
}
