// Text for numbers: durations, distances, paces, and instants in the browser's time zone.

/** Seconds as H:MM:SS (whole seconds, rounded down). */
export function hms(seconds) {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600), m = Math.floor((whole % 3600) / 60), s = whole % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** A countdown's remaining seconds, rounded up (a timer shows 0:00:00 only once it finished). */
export function countdown(seconds) {
  return hms(Math.ceil(Math.max(0, seconds)));
}

/**
 * A duration typed by a person, in seconds: `25m`, `1h30m`, `90s`, `1:30:00`, `25:00` (M:SS),
 * or a bare number of minutes; null for anything else.
 */
export function parseDuration(text) {
  const value = text.trim().toLowerCase();
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 60;
  const clock = value.match(/^(?:(\d+):)?(\d{1,2}):(\d{2})$/);
  if (clock) {
    const [, h, m, s] = clock;
    if (Number(s) > 59 || (h !== undefined && Number(m) > 59)) return null;
    return Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s);
  }
  const parts = value.match(/^(?:(\d+)h)?\s*(?:(\d+)m(?:in)?)?\s*(?:(\d+)s)?$/);
  if (parts && (parts[1] || parts[2] || parts[3])) {
    return Number(parts[1] ?? 0) * 3600 + Number(parts[2] ?? 0) * 60 + Number(parts[3] ?? 0);
  }
  return null;
}

/** Metres as kilometres with two decimals. */
export function km(meters) {
  return `${(meters / 1000).toFixed(2)} km`;
}

/** A pace in seconds per kilometre as M:SS /km. */
export function pace(secondsPerKm) {
  if (secondsPerKm == null || !Number.isFinite(secondsPerKm)) return '–';
  const whole = Math.round(secondsPerKm);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')} /km`;
}

/** An ISO 8601 instant as date and time in the browser's zone. */
export function when(instant) {
  if (!instant) return '–';
  return new Date(instant).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The ISO date `days` after `date` (YYYY-MM-DD), counted on the calendar. */
export function addDays(date, days) {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
