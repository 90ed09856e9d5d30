"""Recording a Rummy table without a browser: taps into events, the record they fold to, undo and
correction kept in the log, the totals and standings as the engine gives them, re-entries offered
only when the engine allows them, and picks judged with the engine's grouping."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from dashboard.recording.rummy import clicks as taps
from dashboard.recording.rummy.pick import Pick, judge_pick, pick_grid
from dashboard.recording.rummy.position import RummyPosition, locate
from dashboard.recording.rummy.setup import RummySetup
from dashboard.recording.rummy.view import standings_html, status_text
from dashboard.recording.tricks.clicks import Accepted, Decision, Refused, commit
from recorder import load, loads
from recorder.archive import Archive, HandStarted, RummyWinnerNamed, Undone, open_archive
from recorder.model import Tag
from recorder.rummy.cards import RummyCard
from recorder.rummy.model import RummyBody
from replay.rummy import Wild, replay_rummy
from replay.rummy.table_rules import RummyRules

EXPECTED = Path(__file__).resolve().parent / "browser" / "expected" / "recorded-rummy.tgn"
TABLE = Path(__file__).resolve().parent.parent / "data" / "rummy-first-round.tgn"
PLAYERS = ("Anu", "Babu", "Cini", "Deepu", "Eapen")
DECLARED = ["AS KS QS", "2C 3C 4C", "4C 5C 6C 7C", "9D 9H 9S"]

pytest_plugins = ["tests.pg_server"]


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def archive(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Archive:
    if request.param == "sqlite":
        return open_archive(str(tmp_path_factory.mktemp("archive") / "archive.sqlite"))
    return open_archive(str(request.getfixturevalue("postgres_archive_url")))


def table(archive: Archive, players: tuple[str, ...] = PLAYERS, **tags: str) -> int:
    setup = RummySetup(
        players,
        stage="first round",
        table="4",
        event="Kerala House Rummy",
        date="2026-03-21",
        rules={"packs": "2", "limit": "250", "count": "life"},
    )
    assert setup.problems() == []
    extra = [Tag(name=name, value=value) for name, value in tags.items()]
    session = archive.create_session([*setup.tags(), *extra])
    archive.append(session, HandStarted.numbered(1, dealer=setup.first_dealer))
    return session


def at(archive: Archive, session: int) -> RummyPosition:
    return locate(session, archive.events(session))


def do(archive: Archive, session: int, decision: Decision) -> RummyPosition:
    assert commit(archive, session, decision) is None
    return at(archive, session)


def declaration(seat: int = 3) -> Pick:
    pick = Pick("declare", seat)
    for group in DECLARED:
        for code in group.split():
            pick = pick.add(RummyCard.parse(code))
        pick = pick.new_group()
    return pick.add(RummyCard.parse("KD")).last_face_down()


def record_deal(
    archive: Archive, session: int, check: Callable[[RummyPosition], None] | None = None
) -> list[RummyPosition]:
    """The deal of the expected file, tap by tap; the position after each (each ``check``ed
    when it is reached)."""
    steps = [
        lambda p: taps.joker_click(p, "7H"),
        lambda p: taps.outcome_click(p, 2, "drop"),
        lambda p: taps.outcome_click(p, 5, "middle-drop"),
        lambda p: taps.pick_click(p, declaration()),
        lambda p: taps.count_click(p, 1, 28),
        lambda p: taps.count_click(p, 4, "30"),
    ]
    positions = []
    for step in steps:
        positions.append(do(archive, session, step(at(archive, session))))
        if check is not None:
            check(positions[-1])
    return positions


def test_a_deal_tapped_in_folds_to_the_expected_record(archive: Archive) -> None:
    session = table(archive)
    assert at(archive, session).phase == "joker"
    assert at(archive, session).findings == []  # an unfinished deal is no finding yet
    positions = record_deal(archive, session)
    assert [p.phase for p in positions] == [
        "outcomes",
        "outcomes",
        "outcomes",
        "outcomes",
        "outcomes",
        "complete",
    ]
    expected = EXPECTED.read_text(encoding="utf-8")
    assert archive.export_tgn(session) == expected
    assert archive.record(session) == loads(expected)


def test_the_totals_after_every_entry_are_the_engines(archive: Archive) -> None:
    session = table(archive)

    def same_as_the_engine(position: RummyPosition) -> None:
        deal = replay_rummy(loads(archive.export_tgn(session))).deals[-1]
        assert {s.name: s.total for s in position.seats} == deal.totals
        assert {s.name: s.outcome for s in position.seats if s.outcome} == deal.outcomes

    record_deal(archive, session, same_as_the_engine)
    assert [s.total for s in at(archive, session).seats] == [28, 25, 0, 30, 50]
    assert at(archive, session).winner == "Cini"


def test_the_bundled_table_resumes_as_the_engine_replays_it(archive: Archive) -> None:
    session = archive.import_tgn(TABLE.read_text(encoding="utf-8"), TABLE.name)
    position = at(archive, session)
    game = replay_rummy(load(TABLE))
    assert {s.name: s.total for s in position.seats} == game.deals[-1].totals
    assert [s.name for s in position.seats if s.standing == "out"] == game.deals[-1].out
    assert position.phase == "ended"
    assert status_text(position) == "Deal 15: Cini won the table"
    assert taps.joker_click(position, "7H") == Refused("the game is over: Cini won the table")


def test_undo_and_correction_are_events_and_the_export_follows_them(archive: Archive) -> None:
    session = table(archive)
    record_deal(archive, session)
    position = do(archive, session, taps.undo_click(at(archive, session)))
    assert position.phase == "outcomes" and position.seats[3].outcome is None
    assert position.to_enter == 4
    assert not archive.export_tgn(session).endswith("count 4: 30\n")
    position = do(archive, session, taps.count_click(position, 4, 31))
    count_line = next(line for line in position.lines if line.text == "count 1: 28")
    position = do(archive, session, taps.correction_click(position, count_line.seq, "count 1: 18"))
    assert position.seats[0].total == 18
    text = archive.export_tgn(session)
    assert "count 1: 18\ncount 4: 31\n" in text
    kinds = [entry.event.kind for entry in archive.events(session)]
    assert kinds[-6:] == ["rummy", "hand-end", "undo", "rummy", "hand-end", "rummy-correct"]
    assert isinstance(taps.correction_click(position, count_line.seq, "drop 1"), Accepted)
    assert taps.correction_click(position, count_line.seq, "joker 7S") == Refused(
        "'count 1: 18' can only be corrected by a line of the same kind"
    )
    assert taps.correction_click(position, count_line.seq, "drop 9") == Refused(
        "seat 9 outside 1..5"
    )


def test_what_cannot_be_entered_is_refused_and_nothing_stored(archive: Archive) -> None:
    session = table(archive)
    position = at(archive, session)
    assert taps.outcome_click(position, 2, "drop") == Refused(
        "outcomes are entered after the joker"
    )
    assert taps.joker_click(position, "ZS") == Refused(
        "unknown card 'ZS' (ranks A 2-9 T J Q K, suits S H D C, PJ)"
    )
    position = do(archive, session, taps.joker_click(position, "7H"))
    assert taps.joker_click(position, "8H") == Refused("the joker is cut at the start of a deal")
    position = do(archive, session, taps.outcome_click(position, 2, "drop"))
    assert taps.outcome_click(position, 2, "no-show") == Refused(
        "Babu (2) already has an outcome in this deal: undo or correct it"
    )
    assert taps.count_click(position, 1, "abc") == Refused(
        "a count is a whole number of points, not 'abc'"
    )
    assert taps.outcome_click(position, 6, "drop") == Refused(
        "there is no chair 6: chairs are 1 to 5"
    )
    assert taps.next_deal_click(position) == Refused(
        "the next deal starts when every seat has its outcome"
    )
    assert taps.redeal_click(position, "misdeal") == Refused(
        "a void deal has no outcomes: undo them first"
    )
    three = Pick("show", 1).add(RummyCard.parse("4C")).add(RummyCard.parse("4C"))
    assert taps.pick_click(position, three.add(RummyCard.parse("4C"))) == Refused(
        "more copies of a card than the packs hold"
    )
    assert taps.pick_click(position, Pick("show", 1)) == Refused("pick the cards first")
    assert len(archive.events(session)) == 4


def test_a_named_winner_wins_as_the_last_one_left_and_writes_no_line(archive: Archive) -> None:
    session = table(archive, PLAYERS[:3])
    position = do(archive, session, taps.joker_click(at(archive, session), "7H"))
    position = do(archive, session, taps.winner_click(position, 3))
    assert position.seats[2].named_winner and position.to_enter == 1
    assert "winner (named)" in standings_html(position)
    assert taps.winner_click(position, 1) == Refused("Cini (3) is already named the winner")
    position = do(archive, session, taps.outcome_click(position, 1, "drop"))
    position = do(archive, session, taps.count_click(position, 2, 40))
    assert position.phase == "complete" and position.winner == "Cini"
    assert archive.export_tgn(session).endswith("joker 7H\ndrop 1\ncount 2: 40\n")
    assert any(isinstance(entry.event, RummyWinnerNamed) for entry in archive.events(session))


def test_a_reentry_is_offered_only_as_the_engine_allows_with_its_score(archive: Archive) -> None:
    session = table(archive, PLAYERS[:3], Totals="Anu=240, Babu=0, Cini=10")
    position = do(archive, session, taps.joker_click(at(archive, session), "7H"))
    position = do(archive, session, taps.count_click(position, 1, 20))
    assert taps.rejoin_click(position, 1) == Refused(
        "Anu (1) cannot re-enter now: a re-entry comes before the deal's first line, for a "
        "player out of the game"
    )
    position = do(archive, session, taps.outcome_click(position, 2, "drop"))
    assert [(s.total, s.standing) for s in position.seats] == [(260, "out"), (25, "in"), (10, "in")]
    position = do(archive, session, taps.next_deal_click(position))
    offers = position.rejoin_offers()
    assert [(o.name, o.total, o.refusal) for o in offers] == [("Anu", 26, None)]
    position = do(archive, session, taps.rejoin_click(position, 1))
    assert position.seats[0].total == 26 and position.seats[0].standing == "in"
    assert position.dealer == 1  # the re-entrant shuffles
    assert position.rejoin_offers() == []
    assert archive.export_tgn(session).endswith('[Hand "2"]\nrejoin 1\n')

    compelled = table(archive, PLAYERS[:3], Totals="Anu=260, Babu=230, Cini=240")
    position = at(archive, compelled)
    refusal = (
        "Anu (seat 1) may not re-enter: every player still in is in compel state "
        "(above 225: Babu 230, Cini 240)"
    )
    assert [(o.name, o.total, o.refusal) for o in position.rejoin_offers()] == [
        ("Anu", None, refusal)
    ]
    assert taps.rejoin_click(position, 1) == Refused(refusal)
    assert [s.standing for s in position.seats] == ["out", "compel", "compel"]


def test_the_next_deal_goes_to_the_engines_shuffler(archive: Archive) -> None:
    session = table(archive)
    record_deal(archive, session)
    position = at(archive, session)
    assert position.next_dealer() == 1
    position = do(archive, session, taps.next_deal_click(position, 1))
    assert (position.phase, position.deal_number, position.dealer) == ("joker", 2, 1)
    assert archive.export_tgn(session).endswith('count 4: 30\n\n[Hand "2"]\n')
    position = do(archive, session, taps.undo_click(position))
    position = do(archive, session, taps.next_deal_click(position, 3))
    assert archive.export_tgn(session).endswith('[Hand "2"]\n[Dealer "3"]\n')
    assert isinstance(archive.events(session)[-2].event, Undone)


def test_a_pick_is_its_tgn_line_and_judged_with_the_engines_grouping() -> None:
    pick = declaration()
    assert pick.text() == "declare 3: AS KS QS | 2C 3C 4C | 4C 5C 6C 7C | 9D 9H 9S | / KD"
    assert Pick.parse(pick.text()) == pick
    assert Pick.parse("declare x: AS") is None and Pick.parse("show 2: ZZ") is None
    wild, rules = Wild.from_cut(RummyCard.parse("7H")), RummyRules(packs=2)
    assert judge_pick(pick, wild, rules).valid
    first = Pick("declare", 3)
    for code in ["AS", "KS", "QS"]:
        first = first.add(RummyCard.parse(code))
    verdict = judge_pick(first.new_group().add(RummyCard.parse("9D")), wild, rules)
    assert verdict.problem == "4 cards, not 13, and 9D is no group, and one sequence only: AS KS QS"
    assert verdict.kinds == ("pure", "none")
    assert pick.take_back() == Pick("declare", 3, pick.groups)
    shown = Pick("show", 1)
    for code in ["2D", "3D", "4D", "9H", "TH", "JH", "KC", "KH", "KS", "QC", "8S", "5H", "5C"]:
        shown = shown.add(RummyCard.parse(code))
    assert judge_pick(shown, wild, rules).points == 28  # ungrouped: the lowest count
    left = {c.card.code: c.left for row in pick_grid(pick, RummyBody(), rules) for c in row}
    assert (left["4C"], left["AS"], left["2H"], left["PJ"]) == (0, 1, 2, 4)


def test_the_setup_says_what_is_missing() -> None:
    assert RummySetup(("Anu",)).problems() == ["a Rummy table has 2 to 7 players, not 1"]
    assert RummySetup(("Anu", "", "Anu, B"), dealer=4, date="21/3").problems() == [
        "every chair needs a player's name",
        "names may not contain a comma",
        "the dealer is a chair from 1 to 3",
        "the date '21/3' should be YYYY-MM-DD",
    ]
    assert RummySetup(("Anu", "Anu"), rules={"packs": "x"}).problems() == [
        "two players have the same name",
        "bad value 'x' for Rules key 'packs' (expected a number of packs 1 to 9)",
    ]
    tags = RummySetup(("Anu", "Babu"), rules={"packs": "3", "limit": "200"}).tags()
    assert [(t.name, t.value) for t in tags] == [
        ("Game", "rummy"),
        ("Players", "Anu, Babu"),
        ("Rules", "limit=200"),
    ]
