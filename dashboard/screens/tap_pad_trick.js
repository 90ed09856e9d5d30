// A trick game's buttons on the tap pad (tap_queue.js keeps and sends the taps): the calls, the
// face-down card, the seat, the actions before a card, the cards and the answers.

const SUIT_SYMBOL = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };

function seatToAct() {
  // The seat the archive says is to act, as the page was drawn; once a tap is kept here and
  // not yet held, or held but not yet shown by a new drawing, the page's seat is out of date:
  // the next tap then goes to whoever the archive says is to act when it arrives.
  if (pending().length || unseen().length) return null;
  return shown.seat;
}

function sentSeat() {
  // The seat a tap carries: the one the scorer picked, else none, which the server reads as
  // the seat the archive says is to act when the tap arrives. A seat shown by a page drawn
  // before the latest taps were held (another tab, a redraw still on its way) is never sent:
  // it would store the card or call under the seat of an earlier turn.
  return local.seat;
}

function seatName(seat) {
  const found = (shown.seats || []).find((item) => item.seat === seat);
  return found ? found.label : "next to act";
}

function tapCard(code, label) {
  const seat = sentSeat();
  const named = seat ?? seatToAct();
  const actions = local.actions.slice();
  local.seat = null;
  local.actions = [];
  const words = actions.length ? actions.join(" ") + " " : "";
  keep({ kind: "card", code, seat, actions }, `${seatName(named)}: ${words}${label}`);
}

function tapCall(token, label) {
  const seat = sentSeat();
  const named = seat ?? seatToAct();
  local.seat = null;
  keep({ kind: "call", token, seat }, `${seatName(named)}: ${label}`);
}

function drawSeats(root) {
  const acting = local.seat ?? seatToAct();
  root.append(heading(shown.phase === "calling" ? "Who calls" : "Who plays"));
  drawSeatChoice(root, shown.seats, acting, "seat", (seat) => {
    local.seat = seat;
  });
}

function drawActions(root) {
  if (!shown.actions || !shown.actions.length) return;
  root.append(heading("Before the card"));
  const line = row("tp-actions");
  for (const token of shown.actions) {
    const on = local.actions.includes(token);
    const made = button(token, { "data-tap": `action-${token}`, "aria-pressed": on });
    if (on) made.classList.add("tp-chosen");
    made.addEventListener("click", () => {
      local.actions = on ? local.actions.filter((t) => t !== token) : [...local.actions, token];
      draw();
    });
    line.append(made);
  }
  root.append(line);
}

function drawGrid(root) {
  // played: the cards the page was drawn with, those kept here, and those held since it was
  // drawn (until its next drawing, which has them): a card stays greyed from its tap on
  const gone = new Set(
    [...pending(), ...unseen()]
      .filter((item) => item.tap.kind === "card")
      .map((item) => item.tap.code),
  );
  drawCards(
    root,
    shown.grid,
    "card",
    (cell) => tapCard(cell.code, cell.label),
    (cell) => cell.played || gone.has(cell.code),
  );
}

function drawOthers(root) {
  const line = row("tp-others");
  for (const answer of shown.answers || []) {
    line.append(
      button(answer, { "data-tap": `answer-${answer}` }, () => {
        const seat = sentSeat();
        const named = seat ?? seatToAct();
        local.seat = null;
        keep({ kind: "answer", answer, seat }, `${seatName(named)}: ${answer}`);
      }),
    );
  }
  if (shown.pair) {
    line.append(
      button("pair", { "data-tap": "pair" }, () => {
        const seat = local.seat ?? seatToAct();
        local.seat = null;
        keep({ kind: "pair", seat }, `${seatName(seat)}: pair`);
      }),
    );
  }
  line.append(
    button("End of play", { "data-tap": "end", title: "The table ended the play by agreement" }, () =>
      keep({ kind: "end" }, "End of play"),
    ),
  );
  root.append(line);
}

function drawCalls(root) {
  drawSeats(root);
  const line = row("tp-calls");
  for (const call of shown.calls) {
    line.append(button(call.label, { "data-tap": `call-${call.token}` }, () => tapCall(call.token, call.label)));
  }
  root.append(line);
}

function drawTrump(root) {
  root.append(heading("The face-down card"));
  drawCards(root, shown.trump, "trump", (cell) =>
    keep({ kind: "trump", code: cell.code }, `face-down card ${cell.label}`),
  );
  const suits = row("tp-others");
  for (const suit of ["S", "H", "D", "C"]) {
    suits.append(
      button(`only ${SUIT_SYMBOL[suit]}`, { "data-tap": `trump-suit-${suit}` }, () =>
        keep({ kind: "trump", suit }, `face-down card: only its suit ${SUIT_SYMBOL[suit]}`),
      ),
    );
  }
  suits.append(
    button("not seen", { "data-tap": "trump-none" }, () =>
      keep({ kind: "trump" }, "face-down card not seen"),
    ),
  );
  root.append(suits);
}

function drawTrick(root) {
  if (shown.phase === "calling") drawCalls(root);
  if (shown.phase === "trump") drawTrump(root);
  if (shown.phase === "play") {
    drawSeats(root);
    drawActions(root);
    drawGrid(root);
    drawOthers(root);
  }
}

FAMILIES.trick = {
  draw: drawTrick,
  fresh() {
    local.seat = null;
    local.actions = [];
  },
};
