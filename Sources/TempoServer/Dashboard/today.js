// Today: focus against the goal, the marimo, the streak, the running session, the week, the calendar.
import { api, newID } from './api.js';
import { addDays, hms } from './format.js';
import { bars, marimo, ring } from './svg.js';

const $ = (id) => document.getElementById(id);
/** Where a paused session's next stretch picks up: the server keeps only stopped stretches. */
const PAUSED_KEY = 'tempo.focus.paused';

/** The tags of the paused session (kept as JSON), so the next stretch carries every one. */
function pausedTags() {
  try {
    const tags = JSON.parse(sessionStorage.getItem(PAUSED_KEY));
    return Array.isArray(tags) ? tags : [];
  } catch {
    return [];
  }
}

let status = null;
let fetchedAt = 0;

/** Today's total and the session's length now, counted on from the status while a session runs. */
function tick() {
  if (!status) return;
  const running = status.running ? (Date.now() - fetchedAt) / 1000 : 0;
  const today = status.today_s + running;
  $('focus-today').textContent = hms(today);
  ring($('focus-ring'), status.goal_s ? today / status.goal_s : 0);
  const paused = sessionStorage.getItem(PAUSED_KEY);
  $('focus-session').textContent = status.running
    ? `Focusing since ${new Date(status.started_at).toLocaleTimeString()} · ${hms(status.session_s + running)}`
    : paused ? 'Paused' : 'No session running';
}

/** Reads the status, the last seven days and the calendar, and draws them. */
export async function refresh() {
  status = await api('GET', '/v1/focus/status');
  fetchedAt = Date.now();
  if (status.running) sessionStorage.removeItem(PAUSED_KEY);
  const paused = !status.running && sessionStorage.getItem(PAUSED_KEY) !== null;
  $('focus-goal').textContent = status.goal_s ? `of ${hms(status.goal_s)}` : 'no goal set';
  $('focus-start').disabled = status.running || paused;
  $('focus-pause').disabled = !status.running;
  $('focus-resume').disabled = !paused;
  $('focus-stop').disabled = !status.running && !paused;
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

async function stop() {
  if (!status?.running) return;
  await api('PUT', `/v1/focus/sessions/${status.session_id}`, { start: status.started_at, end: new Date().toISOString(), tags: status.tags });
}

/** Wires the buttons; `act` runs an action and reports its error. */
export function setUp(act) {
  $('focus-start').addEventListener('click', () => act(async () => { await start([]); await refresh(); }));
  $('focus-stop').addEventListener('click', () => act(async () => {
    sessionStorage.removeItem(PAUSED_KEY);
    await stop();
    await refresh();
  }));
  // A pause ends this stretch as a stopped session; resuming starts the next with the same tag.
  $('focus-pause').addEventListener('click', () => act(async () => {
    sessionStorage.setItem(PAUSED_KEY, JSON.stringify(status?.tags ?? []));
    await stop();
    await refresh();
  }));
  $('focus-resume').addEventListener('click', () => act(async () => {
    const tags = pausedTags();
    sessionStorage.removeItem(PAUSED_KEY);
    await start(tags);
    await refresh();
  }));
  setInterval(tick, 1000);
}
