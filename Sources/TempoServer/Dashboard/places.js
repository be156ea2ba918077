// Places: spots and landmarks drawn at their positions, their windows, and the badges earned.
import { api } from './api.js';
import { when } from './format.js';
import { el, projection, text } from './svg.js';

const $ = (id) => document.getElementById(id);

function active(place, now) {
  return (!place.active_from || Date.parse(place.active_from) <= now) && (!place.active_until || now < Date.parse(place.active_until));
}

function validity(place) {
  if (!place.active_from && !place.active_until) return 'always';
  return `${place.active_from ? when(place.active_from) : '…'} – ${place.active_until ? when(place.active_until) : '…'}`;
}

/** Reads places and badges and draws them. */
export async function refresh() {
  const [{ places }, { badges }] = await Promise.all([api('GET', '/v1/places'), api('GET', '/v1/badges')]);
  const now = Date.now();
  $('place-list').replaceChildren(...places.map((place) => {
    const item = document.createElement('li');
    item.textContent = `${place.kind === 'landmark' ? '↳ ' : ''}${place.name} · ${place.radius_m} m · ${validity(place)}`
      + `${place.badge ? ` · badge ${place.badge}` : ''}${active(place, now) ? '' : ' · inactive'}`;
    return item;
  }));
  const svg = $('places-map');
  if (places.length === 0) {
    svg.replaceChildren(text(10, 20, 'no places yet'));
  } else {
    // The box holds every circle whole, not just the centres.
    const extent = places.flatMap((place) => {
      const dLat = place.radius_m / 111195, dLon = dLat / Math.max(0.01, Math.cos(place.lat * Math.PI / 180));
      return [[place.lat - dLat, place.lon - dLon], [place.lat + dLat, place.lon + dLon]];
    });
    const { point, pixelsPerMeter } = projection(extent, 300, 12);
    svg.replaceChildren(...places.map((place) => {
      const [x, y] = point([place.lat, place.lon]);
      const circle = el('circle', {
        class: `${place.kind}${active(place, now) ? '' : ' inactive'}`, cx: x.toFixed(1), cy: y.toFixed(1),
        r: Math.max(3, place.radius_m * pixelsPerMeter).toFixed(1),
      });
      circle.append(el('title', {}, [`${place.name} (${place.kind})`]));
      return el('g', {}, [circle, text(x.toFixed(1), (y + 3).toFixed(1), place.name, { 'text-anchor': 'middle' })]);
    }));
  }
  $('badge-count').textContent = String(badges.length);
  $('badge-list').replaceChildren(...badges.map((badge) => {
    const item = document.createElement('li');
    item.textContent = `${badge.badge} · earned ${when(badge.earned_at)} · at ${badge.place}${badge.spot ? ` (${badge.spot})` : ''}`
      + ` · ${badge.lat.toFixed(4)}, ${badge.lon.toFixed(4)}`;
    return item;
  }));
}
