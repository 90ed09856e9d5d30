// A Rummy table's buttons on the tap pad (tap_queue.js keeps and sends the taps): the re-entries,
// the cut joker and a void deal at the start of a deal, then each chair's outcome (drop, middle
// drop, absent, left, no show, winner, a count typed in, or the declaration or shown hand the page
// is picking card by card, sent whole as its line), and the next deal. Every tap carries its own
// target (the chair, the count, the card, the deal), so a tap kept on this phone lands on what it
// was made for or is refused. The rules are the server's (dashboard/recording/rummy/pad.py draws
// the data): here only what the taps kept on this phone already took is left out of the choices.

let countField = null; // the count's field, kept across drawings so that typing is not lost

function rummyKept() {
  // The taps kept here or held but not yet shown by a new drawing of the page.
  return [...pending(), ...unseen()].map((item) => item.tap);
}

function rummyPhase() {
  // The phase as the page was drawn, moved on by a tap kept here: a joker's outcomes come next;
  // a void deal waits for the server's drawing of the next one.
  if (shown.phase !== "joker") return shown.phase;
  const kept = rummyKept();
  if (kept.some((tap) => tap.kind === "redeal")) return "void";
  if (kept.some((tap) => tap.kind === "joker")) return "outcomes";
  return shown.phase;
}

function rummyTapSeat(tap) {
  // The chair a kept tap gives its outcome: its own, or a pick's, the number its line begins
  // with ("declare 3: ...").
  if (tap.kind === "pick") {
    const head = /^\S+ (\d+):/.exec(tap.line);
    return head ? Number(head[1]) : null;
  }
  return ["outcome", "count", "winner"].includes(tap.kind) ? tap.seat : null;
}

function rummyOpen() {
  // The chairs still waiting for an outcome: the page's, less those a kept tap gave one.
  const taken = new Set(rummyKept().map(rummyTapSeat));
  return (shown.seats || []).filter((item) => item.open && !taken.has(item.seat));
}

function rummySeat() {
  const open = rummyOpen();
  if (open.some((item) => item.seat === local.seat)) return local.seat;
  return open.length ? open[0].seat : null;
}

function rummyName(seat) {
  const found = (shown.seats || []).find((item) => item.seat === seat);
  return found ? found.label : `chair ${seat}`;
}

function rummyOutcomeTap(tap, words) {
  local.seat = null;
  keep(tap, `${rummyName(tap.seat)}: ${words}`);
}

function rummyCount() {
  const seat = rummySeat();
  const text = (countField ? countField.value : local.count || "").trim();
  if (seat === null) return;
  if (!/^\d{1,5}$/.test(text)) {
    local.countProblem = "type the count first: a whole number of points";
    draw();
    return;
  }
  local.count = "";
  local.countProblem = null;
  if (countField) countField.value = "";
  rummyOutcomeTap({ kind: "count", seat, points: Number(text) }, `count ${Number(text)}`);
}

function drawRummyRedeal(root) {
  // A void deal with its reason, folded away: rare, and a slip of the finger would void the deal.
  const fold = document.createElement("details");
  fold.className = "tp-fold";
  fold.open = Boolean(local.redealOpen);
  fold.addEventListener("toggle", () => {
    local.redealOpen = fold.open;
  });
  const title = document.createElement("summary");
  title.textContent = `Void deal ${shown.deal} (redeal)`;
  title.setAttribute("data-tap", "redeal");
  const reasons = row("tp-others");
  for (const item of shown.redeals) {
    reasons.append(
      button(item.label, { "data-tap": `redeal-${item.reason}` }, () => {
        local.redealOpen = false;
        keep(
          { kind: "redeal", deal: shown.deal, reason: item.reason },
          `deal ${shown.deal} void: ${item.label}`,
        );
      }),
    );
  }
  fold.append(title, reasons);
  root.append(fold);
}

function drawRummyJoker(root) {
  for (const offer of shown.rejoins || []) {
    if (offer.refusal) {
      const said = document.createElement("div");
      said.className = "tp-quiet";
      said.textContent = offer.refusal;
      root.append(said);
      continue;
    }
    root.append(
      button(offer.label, { "data-tap": `rejoin-${offer.seat}` }, () =>
        keep({ kind: "rejoin", seat: offer.seat }, `re-entry of ${rummyName(offer.seat)}`),
      ),
    );
  }
  root.append(heading(`The cut joker of deal ${shown.deal}`));
  drawCards(root, shown.joker || [], "joker", (cell) =>
    keep({ kind: "joker", code: cell.code }, `the joker ${cell.label}`),
  );
  if (shown.redeals) drawRummyRedeal(root);
}

function drawRummyPick(root) {
  // The Record button of the pick the page holds: its line sent whole, as the page shows it.
  const pick = shown.pick;
  if (!pick.problem) local.pickProblem = null; // cards picked since
  if (!rummyOpen().some((item) => item.seat === pick.seat)) {
    const said = document.createElement("div");
    said.className = "tp-quiet";
    said.setAttribute("data-tap", "pick-kept");
    said.textContent = `${rummyName(pick.seat)} has an outcome kept on this phone`;
    root.append(said);
    return;
  }
  root.append(
    button(pick.label, { "data-tap": "pick", class: "tp-button tp-primary" }, () => {
      if (pick.problem) {
        local.pickProblem = pick.problem;
        draw();
        return;
      }
      local.pickProblem = null;
      keep({ kind: "pick", deal: shown.deal, line: pick.line }, pick.words);
    }),
  );
  if (local.pickProblem) {
    const said = document.createElement("div");
    said.className = "tp-stop";
    said.setAttribute("data-tap", "pick-problem");
    said.textContent = local.pickProblem;
    root.append(said);
  }
}

function drawRummyOutcomes(root) {
  if (shown.pick) drawRummyPick(root);
  const open = rummyOpen();
  const seat = rummySeat();
  root.append(heading("Player"));
  drawSeatChoice(root, open, seat, "seat", (chosen) => {
    local.seat = chosen;
  });
  if (seat === null) {
    const said = document.createElement("div");
    said.className = "tp-quiet";
    said.textContent = "Every player has an outcome kept on this phone";
    root.append(said);
    return;
  }
  const line = row("tp-outcomes");
  for (const item of shown.outcomes || []) {
    line.append(
      button(item.label, { "data-tap": `outcome-${item.outcome}` }, () =>
        rummyOutcomeTap({ kind: "outcome", seat, outcome: item.outcome }, item.words),
      ),
    );
  }
  line.append(
    button("Winner", { "data-tap": "winner" }, () =>
      rummyOutcomeTap({ kind: "winner", seat }, "winner"),
    ),
  );
  root.append(line);
  const counting = row("tp-counting");
  if (!countField) {
    countField = document.createElement("input");
    countField.type = "number";
    countField.min = "0";
    countField.step = "1";
    countField.inputMode = "numeric";
    countField.className = "tp-field";
    countField.placeholder = "Count (points)";
    countField.setAttribute("aria-label", "Count (points)");
    countField.setAttribute("data-tap", "count-points");
    countField.addEventListener("input", () => {
      local.count = countField.value;
    });
    countField.addEventListener("keydown", (event) => {
      if (event.key === "Enter") rummyCount();
    });
    // a drawing of the pad (a tap held meanwhile) puts the field back: it keeps its focus,
    // so the phone's keyboard stays up while the scorer types
    countField.addEventListener("focus", () => {
      local.typing = true;
    });
    countField.addEventListener("blur", () => {
      if (countField.isConnected) local.typing = false;
    });
  }
  countField.value = local.count || "";
  counting.append(countField, button("Record count", { "data-tap": "count" }, rummyCount));
  root.append(counting);
  if (local.typing && countField.getRootNode().activeElement !== countField) {
    countField.focus({ preventScroll: true });
  }
  if (local.countProblem) {
    const said = document.createElement("div");
    said.className = "tp-stop";
    said.setAttribute("data-tap", "count-problem");
    said.textContent = local.countProblem;
    root.append(said);
  }
}

function drawRummyNext(root) {
  const next = shown.next;
  if (!next || rummyKept().some((tap) => tap.kind === "next-deal")) return;
  const dealer = local.dealer ?? next.dealer;
  root.append(heading("Shuffles next"));
  drawSeatChoice(root, shown.seats || [], dealer, "dealer", (chosen) => {
    local.dealer = chosen;
  });
  root.append(
    button(`Start deal ${next.deal}`, { "data-tap": "next-deal" }, () => {
      local.dealer = null;
      keep(
        { kind: "next-deal", deal: next.deal, dealer },
        `deal ${next.deal}, shuffled by ${rummyName(dealer)}`,
      );
    }),
  );
}

function drawRummy(root) {
  const phase = rummyPhase();
  if (phase === "joker") drawRummyJoker(root);
  if (phase === "outcomes") drawRummyOutcomes(root);
  if (phase === "complete") drawRummyNext(root);
}

FAMILIES.rummy = {
  draw: drawRummy,
  fresh() {
    local.seat = null;
    local.dealer = null;
    local.countProblem = null;
    local.pickProblem = null;
    local.redealOpen = false;
  },
};
