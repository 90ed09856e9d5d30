"""Four tables recording at once into one archive (SQLite, and PostgreSQL as the day runs it): each
table's page starts its current match from the schedule (``dashboard.recording.table`` and
``dashboard.day.actions``, as ``record?table=N`` does), then appends its hands event by event, as
the page's clicks do, all through the one archive the server shares between its sessions. Nothing
is lost or stored twice, and every table's session counts in the standings and the Rummy stage."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from dashboard.day import actions, source
from dashboard.day.source import open_day
from dashboard.library import SessionCache
from dashboard.recording.table import table_match
from recorder import dumps, loads
from recorder.archive import Archive, Author, SessionTagged, open_archive
from recorder.archive.from_record import events_from_record
from recorder.model import Record
from replay.tournament import Tournament, TournamentSession
from tests.day_setup import EVENT, TOURNAMENT, played_match, set_up

pytest_plugins = ["tests.pg_server"]


@dataclass(frozen=True)
class Table:
    """A table of the day: its number, the bundled session it plays, how it starts."""

    number: int
    source: str
    chairs: tuple[str, ...] = ()
    draw: str = ""

    def record(self) -> Record:
        return loads((TOURNAMENT / self.source).read_text(encoding="utf-8"))


TABLES = (
    Table(1, "group-a-round-1-tuskers-theyyams.tgn", ("Arun", "Kiran", "Bindu", "Lekha", "Cyril",
                                                      "Manoj")),
    Table(2, "group-a-round-1-vallams-chendas.tgn", ("Eapen", "Hari", "Fathima", "Indu", "Gopan",
                                                     "Jose")),
    Table(3, "rummy-first-round-table-1.tgn", draw="Abu=AS, Beena=KH, Chacko=9C, Dinesh=2D"),
    Table(4, "rummy-first-round-table-2.tgn", draw="Elsa=QS, Felix=JS, Ganga=TD, Hamid=PJ"),
)  # fmt: skip


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def location(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "day.sqlite")
    return str(request.getfixturevalue("postgres_archive_url"))


def play(archive: Archive, table: Table) -> tuple[int, int]:
    """Start the table's current match from the schedule, then record its hands event by event;
    gives the session and how many events it wrote."""
    found = table_match(archive, table.number)
    assert found.day is not None and found.entry is not None, found.problem
    author = Author(f"table {table.number}")
    dealer = table.record().hands[0].dealer or 0
    session = actions.start_match(found.day, found.entry, author, table.chairs, dealer, table.draw)
    played = events_from_record(table.record())[2:]  # its tags and hand 1 came from the schedule
    for event in played:
        archive.append(session, event, author)
    return session, 2 + len(played)


def test_four_tables_at_once_lose_nothing_and_every_session_counts(location: str) -> None:
    archive = open_archive(location)
    set_up(archive)
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda table: play(archive, table), TABLES))
    sessions = {summary.id: summary for summary in open_archive(location).sessions()}
    assert sorted(sessions) == sorted(session for session, _ in results)
    for table, (session, written) in zip(TABLES, results, strict=True):
        logged = archive.events(session)
        assert [entry.seq for entry in logged] == list(range(1, written + 1))
        assert {entry.who for entry in logged} == {f"table {table.number}"}
        assert sessions[session].schedule is not None
        assert len(archive.record(session).hands) == len(table.record().hands)
    tournament = open_day(open_archive(location), EVENT).tournament()
    rows = {row.team: row.tally for row in tournament.groups["A"]}
    for team in ("Tuskers", "Theyyams", "Vallams", "Chendas"):
        assert rows[team].played == 1
    assert sorted(entry.state for entry in tournament.schedule) == ["finished"] * 4
    first_round = tournament.rummy.stages["first round"]
    assert len(first_round.tables) == 2
    assert first_round.qualified == ["Abu", "Ganga"]  # as the bundled tournament has them
    assert not [f for f in tournament.findings if f.severity == "error"], tournament.findings


def test_the_day_replays_only_the_sessions_changed_since_it_was_last_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The projector and the standings build the day every few seconds while the tables record:
    a session is replayed and scored again only when its log has grown, and the tournament built
    so is the one built with nothing kept, after a tag and after a director's correction."""
    archive = open_archive(str(tmp_path / "archive.sqlite"))
    set_up(archive)
    first = played_match(archive, 1, TABLES[0].source)
    second = played_match(archive, 2, TABLES[1].source)
    scored: list[str] = []
    score = TournamentSession.scored

    def counted(cls: type, key: str, label: str, record: Record) -> TournamentSession:
        scored.append(key)
        return score(key, label, record)

    monkeypatch.setattr(TournamentSession, "scored", classmethod(counted))
    monkeypatch.setattr(source, "SCORED", SessionCache())  # what the set-up's actions kept

    def afresh() -> Tournament:
        monkeypatch.setattr(source, "SCORED", SessionCache())
        return open_day(archive).tournament()

    built = open_day(archive).tournament()
    assert sorted(scored) == [f"archive:{first}", f"archive:{second}"]
    assert open_day(archive).tournament() == built and len(scored) == 2
    archive.append(second, SessionTagged(name="Round", value="1"))
    assert open_day(archive).tournament() == built and scored[2:] == [f"archive:{second}"]
    record = archive.record(first)
    one_hand = dumps(record.model_copy(update={"hands": record.hands[:1]}))
    director = Author("director", "the paper sheet")
    actions.correct(open_day(archive), first, 1, one_hand, director)
    no_hand = dumps(record.model_copy(update={"hands": []}))
    actions.correct(open_day(archive), first, 2, no_hand, director)  # the second hand voided
    changed = open_day(archive).tournament()
    assert changed != built and scored[3:] == [f"archive:{first}"]
    assert changed == afresh()
