// Timers: start a countdown, its ring and remaining time computed here from the stored instants
// (no polling for time), pause / resume / cancel, and a notification when it finishes.
import { api, newID } from './api.js';
import { countdown, hms, parseDuration, when } from './format.js';
import { ring } from './svg.js';

const $ = (id) => document.getElementById(id);
let current = null;
let notified = new Set();

/** Seconds left on `timer` at this instant. */
function remaining(timer) {
  if (timer.state === 'running') return Math.max(0, (Date.parse(timer.deadline_at) - Date.now()) / 1000);
  if (timer.state === 'finished') return 0;
  return timer.remaining_s;
}

/** Redraws the current countdown; announces its end once. */
function tick() {
  if (!current) {
    $('timer-remaining').textContent = '–';
    $('timer-state').textContent = 'no countdown';
    ring($('timer-ring'), 0);
    return;
  }
  const left = remaining(current);
  const state = current.state === 'running' && left === 0 ? 'finished' : current.state;
  $('timer-remaining').textContent = countdown(left);
  $('timer-state').textContent = `${state} · ${hms(current.duration_s)}`;
  ring($('timer-ring'), 1 - left / current.duration_s);
  $('timer-pause').disabled = state !== 'running';
  $('timer-resume').disabled = state !== 'paused';
  $('timer-cancel').disabled = state !== 'running' && state !== 'paused';
  if (state === 'finished') announce(current);
}

function announce(timer) {
  if (notified.has(timer.id)) return;
  notified.add(timer.id);
  if ('Notification' in window && Notification.permission === 'granted') {
    new Notification('Tempo', { body: `${timer.label ?? 'Countdown'} of ${hms(timer.duration_s)} finished` });
  }
}

/** Reads the timers; the newest one that runs or is paused is the current one. */
export async function refresh() {
  const { timers } = await api('GET', '/v1/timers');
  // Those already over when first seen are not announced again.
  if (current === null) for (const timer of timers) if (timer.state === 'finished') notified.add(timer.id);
  current = timers.find((timer) => timer.state === 'running' || timer.state === 'paused') ?? timers[0] ?? null;
  $('timer-list').replaceChildren(...timers.slice(0, 20).map((timer) => {
    const item = document.createElement('li');
    item.textContent = `${hms(timer.duration_s)} · ${timer.state} · started ${when(timer.started_at)}`;
    return item;
  }));
  tick();
}

async function put(timer) {
  current = await api('PUT', `/v1/timers/${timer.id}`, timer);
  tick();
}

/** Wires the form and buttons; `act` runs an action and reports its error. */
export function setUp(act) {
  $('timer-form').addEventListener('submit', (event) => {
    event.preventDefault();
    act(async () => {
      const seconds = parseDuration($('timer-new').value);
      if (!seconds) throw new Error(`"${$('timer-new').value}" is not a duration (25m, 1h30m or 1:30:00)`);
      if ('Notification' in window && Notification.permission === 'default') Notification.requestPermission();
      const start = new Date();
      await put({
        id: newID(), state: 'running', duration_s: seconds, started_at: start.toISOString(),
        deadline_at: new Date(start.getTime() + seconds * 1000).toISOString(),
      });
      await refresh();
    });
  });
  $('timer-pause').addEventListener('click', () => act(async () => {
    const left = remaining(current);
    await put({ id: current.id, state: 'paused', duration_s: current.duration_s, started_at: current.started_at,
      elapsed_s: Math.min(current.duration_s - 0.001, Math.round((current.duration_s - left) * 1000) / 1000) });
    await refresh();
  }));
  $('timer-resume').addEventListener('click', () => act(async () => {
    await put({ id: current.id, state: 'running', duration_s: current.duration_s, started_at: current.started_at,
      deadline_at: new Date(Date.now() + current.remaining_s * 1000).toISOString() });
    await refresh();
  }));
  $('timer-cancel').addEventListener('click', () => act(async () => {
    const left = remaining(current);
    await put({ id: current.id, state: 'cancelled', duration_s: current.duration_s, started_at: current.started_at,
      elapsed_s: Math.min(current.duration_s - 0.001, Math.round((current.duration_s - left) * 1000) / 1000) });
    await refresh();
  }));
  setInterval(tick, 250);
}
