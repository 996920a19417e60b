// A small DOM helper and the HTTP calls: no framework, no build step.

// h("button.card", {onclick, "aria-label": ...}, "text", child): an element with attributes and children.
export function h(tag, attrs = {}, ...children) {
  const [name, ...classes] = tag.split(".");
  const el = document.createElement(name);
  if (classes.length) el.className = classes.join(" ");
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "text") el.textContent = value;
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export class ApiError extends Error {
  constructor(code, reason) {
    super(reason);
    this.code = code;
    this.reason = reason;
  }
}

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError("network", "");
  }
  if (response.status === 204) return null;
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(data.error || "other", data.reason || "");
  return data;
}

// The seat a browser holds at a table: {seat, token, name}, kept so that a reload takes it back.
const SEAT_KEY = (table) => `tricktable.seat.${table}`;

export function savedSeat(table) {
  try {
    return JSON.parse(localStorage.getItem(SEAT_KEY(table)) || "null");
  } catch {
    return null;
  }
}

export function saveSeat(table, seat) {
  localStorage.setItem(SEAT_KEY(table), JSON.stringify(seat));
}

export function forgetSeat(table) {
  localStorage.removeItem(SEAT_KEY(table));
}

export function playerName() {
  return localStorage.getItem("tricktable.name") || "";
}

export function savePlayerName(name) {
  localStorage.setItem("tricktable.name", name);
}

// Replace an element's children, leaving out null and false (conditional parts).
export function fill(el, ...children) {
  el.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
}
