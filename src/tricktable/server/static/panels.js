// The score, the log and the chat: beside the table on a wide screen; on a phone, one tap away behind
// the tabs under the hand, each opening as a sheet over the table (Escape or Close puts it away).
import { $ } from "./state.js";

const PANELS = { score: "score-panel", log: "log-panel", chat: "chat-panel" };

function open(name) {
  const was = document.body.dataset.sheet || "";
  document.body.dataset.sheet = name || "";
  for (const [key, id] of Object.entries(PANELS)) {
    $(`tab-${key}`).setAttribute("aria-expanded", String(key === name));
    $(id).classList.toggle("open", key === name);
  }
  if (name) $(PANELS[name]).querySelector(".sheet-close")?.focus();
  else if (was) $(`tab-${was}`)?.focus();
}

export function setupPanels() {
  for (const name of Object.keys(PANELS)) {
    $(`tab-${name}`).addEventListener("click", () => open(document.body.dataset.sheet === name ? null : name));
    $(PANELS[name]).querySelector(".sheet-close").addEventListener("click", () => open(null));
  }
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && document.body.dataset.sheet) open(null);
  });
}
