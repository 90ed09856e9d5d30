"""One Rummy deal judged once all its lines are read (RUMMY.md §2-§4): outcomes and points.

The seats still in the game each end the deal one way: the first outcome line of a seat counts,
the first valid declaration wins, a wrong one costs 100 and the deal goes on, a shown hand is
counted on its own grouping (or at its lowest when written without groups), and without a valid
declaration the one seat left without a line wins. Lines of players out of the game are findings
and are otherwise ignored.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from recorder.model import Hand, Node
from recorder.rummy.cards import RummyCard
from recorder.rummy.model import Outcome as OutcomeLine
from recorder.rummy.model import RummyBody
from replay.rummy.grouping import (
    Declaration,
    Wild,
    count_grouped,
    find_declaration,
    judge_declaration,
    lowest_count,
)
from replay.rummy.report import Reporter, cards_text, groups_text
from replay.rummy.results import Outcome
from replay.rummy.table_rules import FIRST_DROP, MIDDLE_DROP, NO_SHOW, WRONG_DECLARATION, RummyRules
from replay.rummy.turns import TurnLog, judge_turns

HAND_SIZE = 13


@dataclass
class DealVerdict:
    """What a deal gave: each seat's outcome, the winner, and the declarations judged."""

    outcomes: dict[int, Outcome] = field(default_factory=dict)
    winner: int | None = None
    declarations: dict[int, Declaration] = field(default_factory=dict)
    turns: TurnLog | None = None


def wild_of(body: RummyBody) -> Wild:
    """The deal's jokers: the cut card's rank (aces too for a printed joker), else printed only."""
    return Wild.from_cut(body.joker.card if body.joker is not None else None)


def judge_deal(
    hand: Hand, in_game: Sequence[int], rules: RummyRules, report: Reporter
) -> DealVerdict:
    """Judge one deal among the seats ``in_game``; findings go to ``report``."""
    body = hand.rummy or RummyBody()
    playing = set(in_game)
    _lines_of_players_out(body, playing, report)
    wild = wild_of(body)
    _check_joker_line(body, report)
    _check_copies(body, playing, rules, report)
    for deal in body.deals:
        if deal.seat in playing and len(deal.cards) != HAND_SIZE:
            message = f"{report.who(deal.seat)} was dealt {len(deal.cards)} cards, not 13"
            report.add("not-13-cards", deal.seat, deal, message)
    verdict = DealVerdict()
    verdict.turns = judge_turns(body, playing, wild, report)
    if body.redeal is not None:
        return verdict
    firsts = _first_outcomes(body, playing, report)
    for seat, line in firsts.items():
        verdict.outcomes[seat] = _outcome(line, wild, rules, report, verdict)
    _last_one_left(hand, in_game, firsts, verdict, report)
    _check_turns_against_lines(firsts, verdict, wild, rules, report)
    return verdict


def _lines_of_players_out(body: RummyBody, playing: set[int], report: Reporter) -> None:
    lines: list[tuple[int, Node, str]] = [
        *((deal.seat, deal, "a deal line") for deal in body.deals),
        *((line.seat, line, f"a {line.kind} line") for line in body.outcomes),
        *((turn.seat, turn, "a turn") for turn in body.all_turns),
    ]
    for seat, node, what in lines:
        if seat not in playing:
            message = f"{what} for {report.who(seat)}, who is not in the game in this deal"
            report.add("played-while-out", seat, node, message)


def _check_joker_line(body: RummyBody, report: Reporter) -> None:
    if body.joker is not None:
        return
    needing: list[Node] = [line for line in body.outcomes if line.kind in ("declare", "show")]
    needing += body.turns
    if needing:
        first = min(needing, key=lambda node: (node.line, node.column))
        message = "no joker line before the cards: the deal is judged with printed jokers only"
        report.add("missing-joker", None, first, message)


def _check_copies(body: RummyBody, playing: set[int], rules: RummyRules, report: Reporter) -> None:
    """``too-many-copies``: a card held more often than the packs have it (RUMMY.md §1)."""
    shown = {line.seat: line for line in body.outcomes if line.kind in ("declare", "show")}
    held: list[tuple[int, Node, list[RummyCard]]] = []
    for seat in sorted(playing):
        line = shown.get(seat)
        deal = body.deal_of(seat)
        if line is not None:
            cards = line.cards + ([line.face_down] if line.face_down is not None else [])
            held.append((seat, line, cards))
        elif deal is not None:
            held.append((seat, deal, list(deal.cards)))
    seen: Counter[RummyCard] = Counter()
    for seat, node, cards in held:
        seen.update(cards)
        for card in dict.fromkeys(cards):
            most = rules.packs * (2 if card.is_printed_joker else 1)
            if seen[card] > most and seen[card] - cards.count(card) <= most:
                holders = [report.who(s) for s, _, other in held if card in other]
                message = (
                    f"{card.code} is held {seen[card]} times in this deal, more than "
                    f"{rules.packs} pack{'s' if rules.packs > 1 else ''} have "
                    f"({most}): {', '.join(holders)}"
                )
                report.add("too-many-copies", seat, node, message)


def _first_outcomes(body: RummyBody, playing: set[int], report: Reporter) -> dict[int, OutcomeLine]:
    firsts: dict[int, OutcomeLine] = {}
    for line in body.outcomes:
        if line.seat not in playing:
            continue
        first = firsts.setdefault(line.seat, line)
        if first is not line:
            message = (
                f"a second outcome for {report.who(line.seat)} ({line.kind}); the first, "
                f"{first.kind} on line {first.line}, counts"
            )
            report.add("two-outcomes", line.seat, line, message)
    return firsts


def _outcome(
    line: OutcomeLine, wild: Wild, rules: RummyRules, report: Reporter, verdict: DealVerdict
) -> Outcome:
    kind = line.kind
    if kind == "drop":
        return Outcome("middle-drop", MIDDLE_DROP) if line.middle else Outcome("drop", FIRST_DROP)
    if kind == "absent":
        if line.middle:
            return Outcome("absent-middle", MIDDLE_DROP)
        return Outcome("absent", FIRST_DROP)
    if kind == "no-show":
        return Outcome("no-show", NO_SHOW)
    if kind == "count":
        return _entered_count(line, rules, report)
    if kind == "declare":
        return _declaration(line, wild, rules, report, verdict)
    return _shown(line, wild, rules, report)


def _entered_count(line: OutcomeLine, rules: RummyRules, report: Reporter) -> Outcome:
    points = line.entered or 0
    if points > rules.count_cap:
        message = (
            f"{report.who(line.seat)}'s count {points} is above the cap of "
            f"{rules.count_cap}: {rules.count_cap} is scored"
        )
        report.add("count-mismatch", line.seat, line, message)
        points = rules.count_cap
    return Outcome("count", max(points, 0))


def _declaration(
    line: OutcomeLine, wild: Wild, rules: RummyRules, report: Reporter, verdict: DealVerdict
) -> Outcome:
    who = report.who(line.seat)
    cards = line.cards
    if len(cards) != HAND_SIZE:
        message = f"{who} declared {len(cards)} cards: {cards_text(cards)} (a declaration shows 13)"
        report.add("not-13-cards", line.seat, line, message)
        return Outcome("wrong-declaration", WRONG_DECLARATION)
    declaration = _judged(line, wild, rules)
    if declaration is None or not declaration.valid:
        report.add(
            "invalid-declaration", line.seat, line, _wrong(line, who, declaration, wild, rules)
        )
        return Outcome("wrong-declaration", WRONG_DECLARATION)
    verdict.declarations[line.seat] = declaration
    if verdict.winner is not None:
        message = (
            f"{who} declares validly after {report.who(verdict.winner)} already won the deal: "
            "the later declaration scores nothing"
        )
        report.add("two-winners", line.seat, line, message)
        return Outcome("winner", 0)
    verdict.winner = line.seat
    return Outcome("winner", 0)


def _judged(line: OutcomeLine, wild: Wild, rules: RummyRules) -> Declaration | None:
    """The declaration as grouped, or (written without groups) a valid grouping if any."""
    if line.grouped:
        groups = tuple(tuple(group) for group in line.groups)
        return judge_declaration(groups, wild, rules.joker_group)
    return find_declaration(tuple(line.cards), wild, rules.joker_group)


def _wrong(
    line: OutcomeLine, who: str, declaration: Declaration | None, wild: Wild, rules: RummyRules
) -> str:
    if declaration is not None:
        return f"{who} declared wrong: {declaration.problem}"
    best = lowest_count(tuple(line.cards), wild, rules.count, rules.joker_group)
    proof = groups_text(best.groups, best.kinds)
    return (
        f"{who} declared wrong: no grouping of the 13 cards is valid "
        f"(two sequences, one of them pure); the best leaves {best.points} points: {proof}"
    )


def shown_points(line: OutcomeLine, wild: Wild, rules: RummyRules) -> tuple[int, str]:
    """A shown hand's points (the cap and the 2/3 rule applied) and the grouping counted."""
    cards = line.cards
    if len(cards) != HAND_SIZE and not line.grouped:
        points = sum(wild.points(card) for card in cards)
        proof = f"{cards_text(cards)} all counted"
    else:
        if line.grouped:
            groups = tuple(tuple(group) for group in line.groups)
            count = count_grouped(groups, wild, rules.count, rules.joker_group)
        else:
            count = lowest_count(tuple(cards), wild, rules.count, rules.joker_group)
        points = count.points
        proof = groups_text(count.groups, count.kinds)
    if points == 0:
        points = 3 if wild.rank == "2" else 2
    return min(points, rules.count_cap), proof


def _shown(line: OutcomeLine, wild: Wild, rules: RummyRules, report: Reporter) -> Outcome:
    who = report.who(line.seat)
    if len(line.cards) != HAND_SIZE:
        message = f"{who} showed {len(line.cards)} cards: {cards_text(line.cards)} (not 13)"
        report.add("not-13-cards", line.seat, line, message)
    points, proof = shown_points(line, wild, rules)
    if line.entered is not None and line.entered != points:
        message = f"{who} shows cards that count {points}, not {line.entered} as entered: {proof}"
        report.add("count-mismatch", line.seat, line, message)
    return Outcome("shown", points)


def _last_one_left(
    hand: Hand,
    in_game: Sequence[int],
    firsts: dict[int, OutcomeLine],
    verdict: DealVerdict,
    report: Reporter,
) -> None:
    """Without a valid declaration, the one seat without a line wins; else the others lack one."""
    silent = [seat for seat in in_game if seat not in firsts]
    if verdict.winner is None and len(silent) == 1:
        verdict.winner = silent[0]
        verdict.outcomes[silent[0]] = Outcome("winner", 0)
        return
    for seat in silent:
        if verdict.winner is not None:
            reason = f"{report.who(verdict.winner)} won the deal"
        else:
            reason = "no valid declaration and more than one player left"
        message = f"no outcome for {report.who(seat)} ({reason}): he scores nothing"
        report.add("missing-outcome", seat, hand, message)


def _check_turns_against_lines(
    firsts: dict[int, OutcomeLine],
    verdict: DealVerdict,
    wild: Wild,
    rules: RummyRules,
    report: Reporter,
) -> None:
    """``drop-kind`` and ``joker-pickup``: what the turns prove against the outcome lines."""
    log = verdict.turns
    if log is None or not log.recorded:
        return
    for seat, line in firsts.items():
        if line.kind == "drop" and seat in log.dropped:
            middle = log.dropped[seat]
            if middle != line.middle:
                turns_say = "after drawing: a middle drop" if middle else "before drawing"
                written = "drop middle" if line.middle else "drop (first)"
                message = (
                    f"{report.who(seat)} dropped {turns_say} by the turns, but the line says "
                    f"{written}; the line scores"
                )
                report.add("drop-kind", seat, line, message)
    for seat, pickups in log.joker_pickups.items():
        declaration = verdict.declarations.get(seat)
        for turn, card in pickups:
            if declaration is not None and _used_as_itself(card, declaration):
                continue
            if declaration is None and not card.is_printed_joker:
                continue
            where = "in a pure sequence or Thennaali of his declaration"
            message = (
                f"{report.who(seat)} took the discarded joker {card.code} and did not use it "
                f"as itself {where}"
            )
            report.add("joker-pickup", seat, turn, message)


def _used_as_itself(card: RummyCard, declaration: Declaration) -> bool:
    return any(
        card in group and kind in ("pure", "thennaali")
        for group, kind in zip(declaration.groups, declaration.kinds, strict=False)
    )
