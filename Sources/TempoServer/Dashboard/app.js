// The dashboard's entry: signing in and out, the four views, and the live stream that keeps them current.
import { APIError, api, csrfToken, followLive } from './api.js';
import * as places from './places.js';
import * as runs from './runs.js';
import * as timers from './timers.js';
import * as today from './today.js';

const $ = (id) => document.getElementById(id);
const views = { today, timers, runs, places };
/** Which views a change of each live event's kind touches. */
const touched = { focus: [today], timer: [timers], run: [runs], places: [places] };
let stopLive = null;

/** Shows `message` in the status line (empty clears it). */
function say(message) { $('status').textContent = message; }

/** Runs `action`, showing its error in one line; a lost session returns to the sign-in form. */
async function act(action) {
  try {
    say('');
    await action();
  } catch (error) {
    if (error instanceof APIError && error.status === 401) signedOut();
    say(error.message);
  }
}

function show(name) {
  const view = views[name] ? name : 'today';
  for (const key of Object.keys(views)) $(`view-${key}`).hidden = key !== view;
  for (const tab of $('tabs').querySelectorAll('button')) {
    if (tab.dataset.view === view) tab.setAttribute('aria-current', 'page'); else tab.removeAttribute('aria-current');
  }
}

async function refreshAll() {
  await Promise.all(Object.values(views).map((view) => view.refresh()));
}

async function signedIn() {
  $('auth').hidden = true;
  $('tabs').hidden = false;
  $('sign-out').hidden = false;
  show(location.hash.slice(1));
  await refreshAll();
  stopLive?.();
  stopLive = followLive((kind) => act(() => Promise.all((touched[kind] ?? []).map((view) => view.refresh()))));
}

function signedOut() {
  stopLive?.();
  stopLive = null;
  for (const key of Object.keys(views)) $(`view-${key}`).hidden = true;
  $('tabs').hidden = true;
  $('sign-out').hidden = true;
  $('auth').hidden = false;
}

function credentials() {
  const form = $('auth-form');
  return { email: form.elements.email.value, password: form.elements.password.value };
}

$('auth-form').addEventListener('submit', (event) => {
  event.preventDefault();
  act(async () => { await api('POST', '/session', credentials()); await signedIn(); });
});
$('sign-up').addEventListener('click', () => {
  if (!$('auth-form').reportValidity()) return;
  act(async () => {
    await api('POST', '/v1/accounts', credentials());
    await api('POST', '/session', credentials());
    await signedIn();
  });
});
$('sign-out').addEventListener('click', () => act(async () => { await api('DELETE', '/session'); signedOut(); }));
$('tabs').addEventListener('click', (event) => {
  const view = event.target.closest('button')?.dataset.view;
  if (view) location.hash = view;
});
window.addEventListener('hashchange', () => show(location.hash.slice(1)));
today.setUp(act);
timers.setUp(act);
runs.setUp(act);

// Signed in already when the session's cookies are there (the CSRF one is the readable half; a
// revoked token then answers 401, which returns to the form).
if (csrfToken()) act(signedIn); else signedOut();
