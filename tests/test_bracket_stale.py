"""A knockout match that a late correction left behind stays in the bracket, marked, until the
director lets it stand or replaces it (TOURNAMENT.md §5, §10): in the engine's slot, the bracket
drawing, the projector and the terminal's report."""

from __future__ import annotations

from dataclasses import replace

from dashboard.views.tournament.overview import bracket_svg, slot_status
from dashboard.views.tournament.projector import bracket_panels
from dashboard.views.tournament.report import render_tournament
from replay.tournament import Tournament, build_tournament
from tests.test_tournament_day import DAY, A, B, C, cup, group_day, tagged


def _corrected_day(stands: frozenset[str] = frozenset()) -> Tournament:
    """SF2 played as Team C v Team A; then g5 corrected, so the bracket pairs C v B in SF2."""
    sessions, made = group_day()
    semi = tagged(
        sessions.play("semi final", (C, A), label="SF2", points=(15, 9)), "k1", Schedule="sf2"
    )
    corrected = tagged(
        sessions.play("group", (A, B), round_=3, points=(16, 14)), "s5", Schedule="g5"
    )
    made = [corrected if session.key == "s5" else session for session in made] + [semi]
    return build_tournament(made, cup('"Team D"'), replace(DAY, stands=stands))


def test_the_stale_semi_final_stays_in_its_slot_marked_and_decides_nothing() -> None:
    tournament = _corrected_day()
    slots = {slot.label: slot for slot in tournament.bracket}
    sf2 = slots["SF2"]
    assert (sf2.teams, sf2.match, sf2.winner) == ((C, B), None, None)
    assert sf2.stale is not None and sf2.stale.session.key == "k1"
    assert sf2.stale_text() == (
        "stale: Team C v Team A 15–9 no longer follows the bracket; the director lets it stand "
        "or replaces it"
    )
    assert slot_status(sf2) == "stale, awaits the director"
    assert slots["F"].teams == (A, None)
    assert slots["SF1"].stale is None


def test_the_drawing_the_projector_and_the_report_show_it_until_it_stands() -> None:
    tournament = _corrected_day()
    drawn = bracket_svg(tournament.bracket, lambda key: f"scores?session={key}")
    assert '<g class="slot stale" data-match="SF2">' in drawn
    assert "played: Team C v Team A 15–9" in drawn
    assert 'href="scores?session=k1"' in drawn
    assert "Semi finals · SF2 · stale, awaits the director" in drawn
    projected = "".join(
        block.html for panel in bracket_panels(tournament) for column in panel.columns
        for block in column
    )  # fmt: skip
    assert "SF2 · stale" in projected
    assert "played: Team C v Team A 15–9, awaits the director" in projected
    assert "stale: Team C v Team A 15–9 no longer follows the bracket" in render_tournament(
        tournament
    )
    standing = _corrected_day(frozenset({"k1"}))
    sf2 = {slot.label: slot for slot in standing.bracket}["SF2"]
    assert (sf2.stale, sf2.winner) == (None, C)
    assert "slot stale" not in bracket_svg(standing.bracket)
    assert "played: Team C v Team A" not in bracket_svg(standing.bracket)
