// The table's chat.
import { send } from "./connection.js";
import { fill, h } from "./dom.js";
import { $, S, seatName } from "./state.js";

export function renderChat() {
  const log = $("chat-log");
  fill(log, S.chat.map((c) => h("li", {}, h("bdi", { class: "user" }, seatName(c.seat)), ": ", h("bdi", { class: "user" }, c.text))));
  log.scrollTop = log.scrollHeight;
  const seated = S.seat != null;
  $("chat-form").hidden = !seated;
  $("chat-watchers").hidden = seated;
}

export function sendChat(event) {
  event.preventDefault();
  const input = $("chat-text");
  const text = input.value.trim();
  if (!text) return;
  send({ type: "chat", text });
  input.value = "";
}
