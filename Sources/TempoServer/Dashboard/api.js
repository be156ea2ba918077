// The server's HTTP API as the dashboard uses it: same-origin requests signed in by the session
// cookie, each state-changing one carrying the CSRF token the server set beside it.

/** The CSRF token from its cookie (the session cookie itself is HttpOnly, out of script's reach). */
export function csrfToken() {
  const entry = document.cookie.split('; ').find((part) => part.startsWith('tempo_csrf='));
  return entry ? entry.slice('tempo_csrf='.length) : '';
}

/** An error the server answered with: its status and its one-line message. */
export class APIError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** Sends `method path` with a JSON `body`; answers the JSON reply (null for 204). */
export async function api(method, path, body) {
  const headers = { Accept: 'application/json' };
  if (method !== 'GET') headers['X-CSRF-Token'] = csrfToken();
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new APIError(response.status, await errorMessage(response));
  if (response.status === 204) return null;
  const type = response.headers.get('Content-Type') || '';
  return type.includes('json') ? response.json() : response.text();
}

async function errorMessage(response) {
  try {
    const document = await response.json();
    return document.error.message;
  } catch {
    return `the server answered ${response.status}`;
  }
}

/** Uploads a run file, reporting the fraction sent to `onProgress`; answers the stored run. */
export function uploadRun(file, onProgress) {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/v1/runs');
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    request.setRequestHeader('X-CSRF-Token', csrfToken());
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      let document = null;
      try { document = JSON.parse(request.responseText); } catch { /* not JSON: named below */ }
      if (request.status === 200 || request.status === 201) resolve(document);
      else reject(new APIError(request.status, document?.error?.message ?? `the server answered ${request.status}`));
    });
    request.addEventListener('error', () => reject(new APIError(0, 'the upload failed: no answer from the server')));
    request.send(file);
  });
}

/**
 * Follows `/v1/live` (the cookie signs it in): `onChange(kind)` for every change. The browser's
 * EventSource reconnects by itself with `Last-Event-ID`, so the server replays what was missed; when
 * it gives up (the server was down for a while) a new stream opens after a pause, naming the last id
 * seen in `last_event_id` (a new EventSource cannot set the header), and catches up the same way.
 */
export function followLive(onChange) {
  let source;
  let lastID = null;
  const open = () => {
    source = new EventSource(lastID === null ? '/v1/live' : `/v1/live?last_event_id=${encodeURIComponent(lastID)}`);
    for (const kind of ['focus', 'timer', 'run', 'places']) {
      source.addEventListener(kind, (event) => {
        if (event.lastEventId) lastID = event.lastEventId;
        onChange(kind);
      });
    }
    source.addEventListener('error', () => {
      if (source.readyState === EventSource.CLOSED) setTimeout(open, 2000);
    });
  };
  open();
  return () => source.close();
}

/** A new random (version 4) UUID for a record the dashboard creates; works without https too. */
export function newID() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
