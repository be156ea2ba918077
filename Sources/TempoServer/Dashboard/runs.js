// Runs: upload by drag and drop (with the upload's progress), the list, and a run's page.
import { api, uploadRun } from './api.js';
import { hms, km, pace, when } from './format.js';
import { el, lineChart, projection } from './svg.js';

const $ = (id) => document.getElementById(id);
let shown = null;

/** Metres between two fixes (haversine on the mean Earth radius: for drawing, not for totals). */
function meters(a, b) {
  const rad = Math.PI / 180, dLat = (b.lat - a.lat) * rad, dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371008.8 * Math.asin(Math.sqrt(h));
}

/** Reads the list of runs. */
export async function refresh() {
  const { runs } = await api('GET', '/v1/runs');
  $('run-list').replaceChildren(...runs.map((run) => {
    const item = document.createElement('li');
    const open = document.createElement('button');
    open.type = 'button';
    open.className = 'secondary';
    open.textContent = run.name ?? when(run.start);
    open.addEventListener('click', () => show(run.id));
    item.append(open, `${km(run.distance_m)} · ${run.sport ?? 'sport unknown'} · ${run.elapsed_s == null ? '–' : hms(run.elapsed_s)}`);
    return item;
  }));
  if (shown && !runs.some((run) => run.id === shown)) $('run-page').hidden = true;
}

/** Opens the page of run `id`: its numbers, route, charts and tables. */
export async function show(id) {
  shown = id;
  const [run, { fixes }] = await Promise.all([api('GET', `/v1/runs/${id}`), api('GET', `/v1/runs/${id}/fixes`)]);
  $('run-page').hidden = false;
  $('run-title').textContent = `Run of ${when(run.started_at)}`;
  $('run-distance').textContent = km(run.distance_m);
  $('run-distance').dataset.meters = String(run.distance_m);
  $('run-time').textContent = run.elapsed_s == null ? '–' : hms(run.elapsed_s);
  $('run-pace').textContent = pace(run.avg_pace_s_per_km);
  $('run-sport').textContent = `${run.sport ?? 'unknown'}${run.sport_inferred ? ' (inferred)' : ''}`;
  $('run-climb').textContent = run.elevation_gain_m == null ? '–' : `+${run.elevation_gain_m.toFixed(0)} m / −${run.elevation_loss_m.toFixed(0)} m`;
  const dropped = Object.entries(run.dropped);
  $('run-dropped').textContent = dropped.length ? dropped.map(([reason, count]) => `${count} ${reason.replaceAll('_', ' ')}`).join(', ') : 'none';
  drawRoute(fixes);
  drawProfiles(fixes);
  table($('run-splits'), ['#', 'Distance', 'Time', 'Pace'], run.splits.map((split) => [
    split.index, km(split.distance_m), hms(split.elapsed_s), pace(split.pace_s_per_km)]));
  table($('run-efforts'), ['Distance', 'Time', 'Pace', 'From'], run.best_efforts.map((effort) => [
    effort.distance_m >= 1000 ? km(effort.distance_m) : `${effort.distance_m} m`, hms(effort.elapsed_s),
    pace(effort.elapsed_s / (effort.distance_m / 1000)), hms(effort.start_offset_s)]));
}

function drawRoute(fixes) {
  const svg = $('run-route');
  if (fixes.length < 2) { svg.replaceChildren(); return; }
  const { point } = projection(fixes.map((fix) => [fix.lat, fix.lon]), 300);
  const points = fixes.map((fix) => point([fix.lat, fix.lon]));
  const d = points.map((p, i) => `${i ? 'L' : 'M'}${p[0].toFixed(1)} ${p[1].toFixed(1)}`).join('');
  const [start, end] = [points[0], points[points.length - 1]];
  svg.replaceChildren(el('path', { class: 'route', d }),
    el('circle', { class: 'start', cx: start[0], cy: start[1], r: 5 }), el('circle', { class: 'finish', cx: end[0], cy: end[1], r: 5 }));
}

/** Pace (over each 200 m) and elevation against the distance covered. */
function drawProfiles(fixes) {
  let covered = 0;
  const along = fixes.map((fix, i) => { if (i) covered += meters(fixes[i - 1], fix); return { ...fix, at: covered }; });
  const elevation = along.filter((fix) => fix.ele != null).map((fix) => [fix.at, fix.ele]);
  const paces = [];
  let from = 0;
  for (let i = 1; i < along.length; i += 1) {
    if (along[i].at - along[from].at >= 200 && along[i].time && along[from].time) {
      const seconds = (Date.parse(along[i].time) - Date.parse(along[from].time)) / 1000;
      paces.push([along[i].at, seconds / ((along[i].at - along[from].at) / 1000)]);
      from = i;
    }
  }
  const distance = (m) => km(m);
  lineChart($('run-pace-chart'), paces, distance, pace, true);
  lineChart($('run-ele-chart'), elevation, distance, (m) => `${m.toFixed(0)} m`);
}

function table(node, head, rows) {
  const header = document.createElement('tr');
  for (const name of head) { const cell = document.createElement('th'); cell.textContent = name; header.append(cell); }
  node.replaceChildren(header, ...rows.map((row) => {
    const line = document.createElement('tr');
    for (const value of row) { const cell = document.createElement('td'); cell.textContent = String(value); line.append(cell); }
    return line;
  }));
}

async function send(file, act) {
  const bar = $('upload-progress');
  bar.hidden = false;
  bar.value = 0;
  await act(async () => {
    try {
      const run = await uploadRun(file, (fraction) => { bar.value = fraction; });
      await refresh();
      await show(run.id);
    } finally {
      bar.hidden = true;
    }
  });
}

/** Wires the drop zone and the file input; `act` runs an action and reports its error. */
export function setUp(act) {
  const zone = $('drop-zone'), input = $('run-upload');
  input.addEventListener('change', () => { if (input.files.length) send(input.files[0], act).finally(() => { input.value = ''; }); });
  zone.addEventListener('dragover', (event) => { event.preventDefault(); zone.classList.add('over'); });
  zone.addEventListener('dragleave', () => zone.classList.remove('over'));
  zone.addEventListener('drop', (event) => {
    event.preventDefault();
    zone.classList.remove('over');
    if (event.dataTransfer.files.length) send(event.dataTransfer.files[0], act);
  });
}

/** The run whose page is open, if any. */
export function shownRun() { return shown; }
