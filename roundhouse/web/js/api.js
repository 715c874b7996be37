// Talking to the Roundhouse API: JSON in and out, seat tokens, readable errors.

export class ApiError extends Error {
  constructor(status, body) {
    const error = (body && body.error) || {};
    super(error.message || `request failed (${status})`);
    this.status = status;
    this.code = error.code || "http_error";
    this.citation = error.citation || null;
  }
}

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  const text = await response.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = { error: { message: text } };
    }
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

// The token lives after '#' in the game link (never sent to servers); remember it per game so
// reloading the plain link keeps the seat.
export function tokenFor(gameId) {
  const params = new URLSearchParams(location.hash.slice(1));
  const key = `roundhouse-token-${gameId}`;
  const fromLink = params.get("token");
  if (fromLink) {
    localStorage.setItem(key, fromLink);
    return fromLink;
  }
  return localStorage.getItem(key);
}

export function rememberToken(gameId, token) {
  if (token) localStorage.setItem(`roundhouse-token-${gameId}`, token);
}

export function humanize(key) {
  const text = String(key).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function download(filename, data) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const link = el("a", { href: URL.createObjectURL(blob), download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

// Invite links the creator of an online game was given (one per human seat), kept in this
// browser only so the game page can offer them again.
export function rememberInvites(gameId, invites) {
  if (invites && invites.length) localStorage.setItem(`roundhouse-invites-${gameId}`, JSON.stringify(invites));
}

export function invitesFor(gameId) {
  try {
    return JSON.parse(localStorage.getItem(`roundhouse-invites-${gameId}`) || "[]");
  } catch {
    return [];
  }
}

// Copy text to the clipboard; resolves true when it worked.
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = el("textarea", { "aria-hidden": "true", style: "position:fixed;left:-9999px" });
    area.value = text;
    document.body.append(area);
    area.select();
    let ok = false;
    try { ok = document.execCommand("copy"); } catch { ok = false; }
    area.remove();
    return ok;
  }
}

// A short two-note chime (no sound file): played when it becomes your turn.
let audio = null;
export function chime() {
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const now = audio.currentTime;
    [660, 880].forEach((freq, i) => {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      osc.type = "sine";
      gain.gain.setValueAtTime(0.0001, now + i * 0.16);
      gain.gain.exponentialRampToValueAtTime(0.18, now + i * 0.16 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.16 + 0.28);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + i * 0.16);
      osc.stop(now + i * 0.16 + 0.3);
    });
    return true;
  } catch {
    return false;
  }
}

// A setting kept in this browser ("sound", "notify").
export function setting(name, fallback) {
  const stored = localStorage.getItem(`roundhouse-${name}`);
  return stored === null ? fallback : stored === "true";
}

export function setSetting(name, value) {
  localStorage.setItem(`roundhouse-${name}`, String(value));
}

// An 18xx.games document has actions with a "type" (ours have a "kind"): which import to use.
export function importPath(doc) {
  const site = Array.isArray(doc.actions) && doc.actions.some((a) => a && typeof a === "object" && "type" in a);
  return site ? "/api/games/import/18xx" : "/api/games/import";
}
