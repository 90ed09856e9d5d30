// The tap pad's queue (dashboard/screens/tap_pad.py), shared by every game family's pad: each
// tap kept on this phone until the server holds it. The family's buttons are drawn by its own
// script (tap_pad_trick.js, tap_pad_rummy.js), which registers itself in FAMILIES under the name
// the pad's data gives (data.family) and draws with the helpers here (a button, a row, a heading,
// a row of seats to choose from, the cards suit by suit); this script holds no rule of any game.
//
// A tap is given this phone's id and the next number of this phone's taps in the session, put in
// the phone's localStorage at once (so a reload, a locked screen or a closed tab keeps it) and
// shown at once; then the taps are sent one by one, in order, to POST /_tap, each again until the
// server answers (after a dropped Wi-Fi, a busy or restarted server: backoff, and at once when the
// phone is back online or the page is shown again). The server stores a tap once however often it
// comes. A tap it refuses stops the queue there: the pad says which tap and why, and the scorer
// chooses to drop it and send the rest, or to drop them all. Nothing here waits for the page's
// websocket: when it is down the pad goes on taking taps ("kept on this phone, not yet sent: N").

const DEVICE = "thuruppu-device";
const KEY = "thuruppu-tab-key"; // the tab's key, kept by dashboard/server/kept_key.js
const QUEUE = "thuruppu-taps-"; // + session: {next, queue: [{seq, tap, label}], stop}
const SEND_MS = 10000; // a request unanswered this long is given up and the tap sent again

let shown = null; // the latest data the server drew the pad from
let component = null; // the latest component handle (its setTriggerValue)
let sending = false;
let retryTimer = null;
let backoff = 500;

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage refused: taps are kept for this page load only
  }
}

const memory = {};
function load(name, fallback) {
  const store = storage();
  const text = store ? store.getItem(name) : memory[name];
  if (!text) return fallback;
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
}
function save(name, value) {
  const text = JSON.stringify(value);
  const store = storage();
  if (store) {
    try {
      store.setItem(name, text);
      return;
    } catch {
      /* full: kept in memory below */
    }
  }
  memory[name] = text;
}

function deviceId() {
  let id = load(DEVICE, null);
  if (typeof id !== "string" || !/^[A-Za-z0-9_-]{8,64}$/.test(id)) {
    const bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    id = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    save(DEVICE, id);
  }
  return id;
}

function book(session) {
  const held = load(QUEUE + session, null);
  if (held && Array.isArray(held.queue) && Number.isInteger(held.next)) return held;
  return { next: 1, queue: [], stop: null, takeOver: false };
}

function tabKey() {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function keyMark() {
  // A short mark of this tab's key (FNV-1a), never the key itself: the tabs of one browser share
  // the kept taps, and each tap must be sent with the key of the tab it was made in, not with
  // another tab's (a director's, another table's), which would store it under that key's name.
  const key = tabKey() || "";
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return key ? hash.toString(16) : "";
}

// ---- the queue -------------------------------------------------------------------------------

function keep(tap, label) {
  const session = shown.session;
  const kept = book(session);
  kept.queue.push({ seq: kept.next, tap, label, mark: keyMark() });
  kept.next += 1;
  save(QUEUE + session, kept);
  draw();
  flush();
}

function schedule(delay) {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = setTimeout(() => {
    retryTimer = null;
    flush();
  }, delay);
}

async function flush() {
  if (sending || !shown) return;
  const session = shown.session;
  let kept = book(session);
  if (kept.stop || !kept.queue.length) return;
  const first = kept.queue[0];
  if (first.mark !== undefined && first.mark !== keyMark()) return; // its own tab sends it
  sending = true;
  let answer = null;
  let status = 0;
  // A request lost with its connection left open (a Wi-Fi gone mid-request) never fails: without
  // a limit the queue would wait for it forever. The server stores a tap once, so sending it
  // again after a slow answer is safe.
  const controller = typeof AbortController === "function" ? new AbortController() : null;
  const limit = controller ? setTimeout(() => controller.abort(), SEND_MS) : null;
  try {
    const headers = { "Content-Type": "application/json" };
    const key = tabKey();
    if (key) headers["X-Thuruppu-Key"] = key;
    const response = await fetch(shown.route, {
      method: "POST",
      headers,
      cache: "no-store",
      credentials: "same-origin",
      signal: controller ? controller.signal : undefined,
      body: JSON.stringify({
        session,
        device: deviceId(),
        seq: first.seq,
        tap: first.tap,
        take_over: Boolean(kept.takeOver),
      }),
    });
    status = response.status;
    answer = await response.json();
  } catch {
    answer = null; // not reached, or no answer (in time): send again
  }
  if (limit) clearTimeout(limit);
  sending = false;
  kept = book(session);
  if (!answer || status >= 500 || status === 0) {
    schedule(backoff);
    backoff = Math.min(backoff * 2, 5000);
    draw();
    return;
  }
  backoff = 500;
  const outcome = answer.outcome;
  if (status === 200 && (outcome === "stored" || outcome === "refused")) {
    kept.queue = kept.queue.filter((item) => item.seq !== first.seq);
    kept.takeOver = false;
    if (outcome === "refused") {
      kept.stop = { kind: "refused", seq: first.seq, label: first.label, message: answer.message };
    } else if (Number.isInteger(answer.last_event)) {
      shown.undo = { target: answer.last_event, label: first.label };
    }
    if (Number.isInteger(answer.events)) {
      ownEvents.add(`${session}:${answer.events}`);
      if (outcome === "stored") recent.push({ events: answer.events, tap: first.tap });
    }
    save(QUEUE + session, kept);
    draw();
    if (component) component.setTriggerValue("held", { seq: first.seq, events: answer.events });
    if (outcome === "stored") flush();
    return;
  }
  if (status === 200 && outcome === "ahead" && Number.isInteger(answer.held)) {
    renumber(kept, answer.held + 1);
    save(QUEUE + session, kept);
    flush();
    return;
  }
  if (status === 200 && outcome === "apart") {
    kept.queue[0].seq = -1; // its number is spent on the kept-apart tap: renumbered on take-over
    kept.stop = { kind: "apart", seq: first.seq, label: first.label, message: answer.message };
  } else {
    // a conflict (this number already held with another tap) or a tap the server would not
    // take at all (no key, a key of another table, a tap it cannot read): nothing was held
    const held = Number.isInteger(answer.held) ? answer.held : null;
    const kind = status === 200 ? outcome : "rejected";
    kept.stop = { kind, seq: first.seq, held, label: first.label, message: answer.message };
  }
  save(QUEUE + session, kept);
  draw();
}

function renumber(kept, from) {
  kept.queue.forEach((item, index) => {
    item.seq = from + index;
  });
  kept.next = from + kept.queue.length;
}

function resume(how) {
  // After a stop: "go-on" drops the tap that stopped the queue (a refused one is gone already)
  // and sends the rest; "drop-all" drops every tap kept here; "take-over" sends them again as
  // the table's writer, under new numbers.
  const session = shown.session;
  const kept = book(session);
  const stop = kept.stop || { kind: "none" };
  kept.stop = null;
  if (how === "drop-all") {
    kept.queue = [];
  } else if (how === "take-over") {
    kept.takeOver = true;
    renumber(kept, kept.next);
  } else if (stop.kind === "conflict") {
    kept.queue.shift();
    renumber(kept, (stop.held ?? stop.seq) + 1);
  } else if (stop.kind === "rejected") {
    kept.queue.shift();
    renumber(kept, stop.seq);
  }
  save(QUEUE + session, kept);
  draw();
  flush();
}

// The game families' pads, by the name the pad's data gives (data.family): each {draw(root),
// fresh()}, draw putting its buttons in the pad and fresh forgetting the choices made on it
// (a seat picked, a count typed) when another hand moved the table on.
const FAMILIES = {};

// ---- the taps --------------------------------------------------------------------------------

const local = { moment: null }; // the choices made on the pad before a tap (the family's)
const ownEvents = new Set(); // "session:events" after each tap of this pad the server held
let recent = []; // taps held since the page was drawn: {events, tap}, until a drawing shows them

function unseen() {
  // The taps the server holds that the page's data does not show yet (its run is on its way).
  return recent.filter((item) => item.events > shown.events);
}

function pending() {
  return shown ? book(shown.session).queue : [];
}

function tapUndo() {
  const kept = book(shown.session);
  if (kept.queue.length && !sending) {
    kept.queue.pop(); // not sent yet: taken back here, the server never sees it
    kept.next -= 1;
    save(QUEUE + shown.session, kept);
    draw();
    return;
  }
  if (!shown.undo) return;
  keep({ kind: "undo", target: shown.undo.target }, `Undo ${shown.undo.label}`);
}

// ---- drawing ---------------------------------------------------------------------------------

function button(label, attributes, onTap) {
  const made = document.createElement("button");
  made.type = "button";
  made.className = "tp-button";
  made.textContent = label;
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  if (onTap) made.addEventListener("click", onTap);
  return made;
}

function row(className) {
  const made = document.createElement("div");
  made.className = "tp-row " + (className || "");
  return made;
}

function heading(text) {
  const made = document.createElement("div");
  made.className = "tp-heading";
  made.textContent = text;
  return made;
}

function drawSeatChoice(root, items, chosen, name, choose) {
  // A row of seats to choose one from (who acts, who shuffles next), each button named
  // `${name}-${seat}`, the chosen one pressed: a tap chooses its seat (choose(seat)) and draws the
  // pad again.
  const seats = row("tp-seats");
  for (const item of items) {
    const on = item.seat === chosen;
    const made = button(item.label, { "data-tap": `${name}-${item.seat}`, "aria-pressed": on });
    if (on) made.classList.add("tp-chosen");
    made.addEventListener("click", () => {
      choose(item.seat);
      draw();
    });
    seats.append(made);
  }
  root.append(seats);
}

function drawCards(root, lines, name, onTap, played) {
  // The cards of lines ([{suit, cells: [{code, label}]}]) a row a suit, each button named
  // `${name}-${code}`: a tap gives its cell to onTap; played(cell), when given, greys one out.
  for (const line of lines) {
    const made = row("tp-grid");
    for (const cell of line.cells) {
      const card = button(cell.label, { "data-tap": `${name}-${cell.code}` }, () => onTap(cell));
      card.classList.add("tp-suit-" + line.suit);
      if (played) card.disabled = played(cell);
      made.append(card);
    }
    root.append(made);
  }
}

function drawQueue(root) {
  const kept = book(shown.session);
  const box = document.createElement("div");
  box.className = "tp-queue";
  box.setAttribute("data-tap", "queue");
  box.setAttribute("role", "status");
  if (kept.stop) {
    const what = document.createElement("div");
    what.className = "tp-stop";
    what.textContent =
      kept.stop.kind === "apart"
        ? `Not recorded: ${kept.stop.message}`
        : `Tap "${kept.stop.label}" was refused: ${kept.stop.message}`;
    box.append(what);
    const choices = row("tp-others");
    if (kept.stop.kind === "apart") {
      choices.append(button("Take over this table", { "data-tap": "take-over" }, () => resume("take-over")));
    }
    const rest = kept.queue.length;
    if (kept.stop.kind !== "apart") {
      choices.append(
        button(rest ? `Go on: send the ${rest} after it` : "Go on", { "data-tap": "go-on" }, () =>
          resume("go-on"),
        ),
      );
    }
    if (rest) {
      choices.append(button(`Drop the ${rest} kept here`, { "data-tap": "drop-all" }, () => resume("drop-all")));
    }
    box.append(choices);
  }
  if (kept.queue.length) {
    const count = document.createElement("div");
    count.className = "tp-count";
    count.textContent = `Kept on this phone, not yet sent: ${kept.queue.length}`;
    box.append(count);
    const list = document.createElement("ol");
    list.className = "tp-list";
    for (const item of kept.queue) {
      const entry = document.createElement("li");
      entry.textContent = item.label;
      list.append(entry);
    }
    box.append(list);
  } else if (!kept.stop) {
    box.textContent = shown.undo ? `All taps held by the server` : "";
    box.classList.add("tp-quiet");
  }
  root.append(box);
}

function drawUndo(root) {
  const queued = pending();
  const label = queued.length
    ? `Undo ${queued[queued.length - 1].label} (not sent)`
    : shown.undo
      ? `Undo ${shown.undo.label}`
      : "Undo";
  const made = button(label, { "data-tap": "undo" }, tapUndo);
  made.disabled = !queued.length && !shown.undo;
  root.append(made);
}

function familyOf(data) {
  return FAMILIES[data.family || "trick"] || null;
}

function draw() {
  if (!shown || !component) return;
  const root = component.parentElement.querySelector(".tp-root") || document.createElement("div");
  if (!root.parentNode) {
    root.className = "tp-root";
    component.parentElement.append(root);
  }
  root.replaceChildren();
  if (shown.undo !== undefined && shown.phase !== "closed") drawUndo(root);
  const family = familyOf(shown);
  if (family) family.draw(root);
  // Under the buttons: what is kept here grows a line a tap, and above them it would move every
  // card down under the scorer's finger between one tap and the next.
  drawQueue(root);
}

export default function (handle) {
  component = handle;
  const data = handle.data;
  if (!data || typeof data.session !== "number") return;
  const moment = `${data.session}:${data.events}`;
  if (local.moment !== moment && !ownEvents.has(moment)) {
    // moved on by another hand (a typed turn, the director): start afresh (a tap of this pad
    // clears its own choices when it is made)
    const family = familyOf(data);
    if (family) family.fresh();
  }
  local.moment = moment;
  shown = data;
  recent = recent.filter((item) => item.events > data.events);
  draw();
  flush();
}

window.addEventListener("online", () => flush());
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") flush();
});
setInterval(() => flush(), 3000); // a queue stuck behind a lost answer is sent again
