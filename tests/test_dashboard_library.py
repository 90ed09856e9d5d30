"""Loading sessions for the dashboard: TGN files, uploads, the archive, and what cannot be read."""

from __future__ import annotations

from pathlib import Path

from dashboard.library import (
    NOTHING_READ,
    LoadedSession,
    SessionCache,
    archive_key,
    archive_to_list,
    discover,
    file_key,
    is_archive,
    load,
    load_archived,
    load_file,
    loaded,
    upload_key,
)
from dashboard.state import BUNDLED_DATA, data_path
from dashboard.views.sessions import (
    problems_table,
    reading_verdict,
    sessions_caption,
    sessions_table,
    severity_counts,
)
from recorder import loads
from recorder.archive import Archive, SessionSummary, open_archive

REPOSITORY = Path(__file__).resolve().parent.parent
FIXTURES = REPOSITORY / "tests" / "browser" / "sessions"
EXAMPLE = (REPOSITORY / "data" / "tgn-example-40.tgn").read_bytes()


def test_a_readable_file_is_replayed_and_scored() -> None:
    session = load("example.tgn", "example.tgn", EXAMPLE)
    assert session.playable and not session.problems
    assert session.hands == 1 and session.findings == []
    assert session.score is not None and session.score.lines[0].outcome == "made"
    assert session.title == "example.tgn · Club night · 2026-11-28"


def test_a_file_whose_only_hand_has_read_errors_replays_nothing() -> None:
    broken = EXAMPLE.replace(b"trump 9H", b"trump ZH")
    session = load("broken.tgn", "broken.tgn", broken)
    assert session.hands == 0 and session.findings == [] and session.summary.left_out == (1,)
    problem = session.problems[0]
    trump_line = EXAMPLE.decode().splitlines().index("trump 9H") + 1
    assert (problem.line, problem.column, problem.hand) == (trump_line, 7, 1)
    assert problem.message == "unknown card 'ZH' (ranks J 3 9 A T K Q 8 7)"
    table = problems_table(session)
    assert list(table.columns) == ["Hand", "Line", "Column", "Problem"]
    assert table.iloc[0].tolist() == ["1", trump_line, 7, problem.message]
    assert reading_verdict(session) == (
        "error",  # not one hand read: red, as DASHBOARD.md says of a session nothing was read of
        "game 40: 1 problem reading it; hand 1 could not be read and is left out; "
        "0 hands read and replayed, 0 findings.",
    )


def test_the_hands_that_could_be_read_are_replayed_beside_those_that_could_not() -> None:
    club = (FIXTURES / "club-night-40.tgn").read_bytes()
    broken = club.replace(b"trump 9H", b"trump ZS", 1)
    session = load("broken.tgn", "broken.tgn", broken)
    assert session.playable and not session.complete
    assert session.hands == 1 and session.record is not None
    assert [hand.number for hand in session.record.hands] == [2]
    assert [finding.code for finding in session.findings] == ["revoke", "unfinished-hand"]
    assert [(p.hand, p.line, p.column) for p in session.problems] == [(1, 17, 7)]
    assert session.score is not None and len(session.score.lines) == 1
    assert reading_verdict(session) == (
        "warning",  # a hand read beside one that was not: amber (red only when none was read)
        "game 40: 1 problem reading it; hand 1 could not be read and is left out; "
        "1 hand read and replayed, 2 findings.",
    )
    assert reading_verdict(load("club.tgn", "club.tgn", club)) == (
        "success",
        "game 40: 2 hands read and replayed, 2 findings.",
    )


def test_a_text_with_nothing_readable_says_so() -> None:
    session = load("binary.tgn", "binary.tgn", b"\xff\xfe\x00garbage")
    assert reading_verdict(session) == (
        "error",
        "Nothing could be read (1 problem): nothing was replayed.",
    )


def test_bytes_that_are_not_utf8_are_a_problem_not_an_exception() -> None:
    session = load("binary.tgn", "binary.tgn", b"\xff\xfe\x00garbage")
    assert not session.playable and session.problems


def test_files_are_found_and_keyed_under_the_root(tmp_path: Path) -> None:
    (tmp_path / "club").mkdir()
    (tmp_path / "club" / "night.tgn").write_bytes(EXAMPLE)
    (tmp_path / "notes.txt").write_text("not a session")
    found = discover(tmp_path)
    assert found == [tmp_path / "club" / "night.tgn"]
    assert file_key(tmp_path, found[0]) == "club/night.tgn"
    assert discover(found[0]) == found and file_key(found[0], found[0]) == "night.tgn"
    assert discover(tmp_path / "missing") == []
    assert load_file(tmp_path, found[0]).key == "club/night.tgn"


def test_upload_keys_follow_name_and_content() -> None:
    assert upload_key("a.tgn", EXAMPLE) == upload_key("a.tgn", EXAMPLE)
    assert upload_key("a.tgn", EXAMPLE) != upload_key("b.tgn", EXAMPLE)
    assert upload_key("a.tgn", EXAMPLE).startswith("upload:")


def test_sessions_table_counts_findings_and_problems() -> None:
    club = load("club.tgn", "club.tgn", (FIXTURES / "club-night-40.tgn").read_bytes())
    broken = load("broken.tgn", "broken.tgn", EXAMPLE.replace(b"9H", b"9X"))
    table = sessions_table([club, broken]).set_index("Session")
    assert table.loc["club.tgn", "Findings"] == 2 and table.loc["club.tgn", "Problems"] == 0
    assert table.loc["broken.tgn", "Problems"] >= 1 and table.loc["broken.tgn", "Game"] == "40"
    assert severity_counts(club) == {"error": 1, "warning": 1, "note": 0}


def test_archived_sessions_are_folded_and_replayed(tmp_path: Path) -> None:
    location = str(tmp_path / "archive.sqlite")
    archive = open_archive(location)
    session_id = archive.import_record(loads(EXAMPLE.decode()))
    session = load_archived(archive, archived(archive, session_id))
    assert session.key == archive_key(session_id) and session.playable
    assert session.score is not None and session.score.lines[0].result.callers_points == 40


def test_which_archive_is_listed(tmp_path: Path) -> None:
    assert is_archive("postgresql://host/db") and is_archive("club.sqlite")
    assert not is_archive("data") and not is_archive("club.tgn")
    existing = tmp_path / "here.sqlite"
    existing.write_bytes(b"")
    missing = str(tmp_path / "missing.sqlite")
    assert archive_to_list("data", str(existing), {}) == str(existing)
    assert archive_to_list("data", missing, {}) is None  # listing never creates an archive
    assert archive_to_list("data", None, {"THURUPPU_DB": str(existing)}) == str(existing)
    assert archive_to_list(str(existing), None, {}) is None  # the data path is the archive
    assert archive_to_list("data", "postgresql://host/db", {}) == "postgresql://host/db"
    home = {"XDG_DATA_HOME": str(tmp_path)}
    assert archive_to_list("data", None, home) is None
    (tmp_path / "thuruppu").mkdir()
    (tmp_path / "thuruppu" / "archive.sqlite").write_bytes(b"")
    assert archive_to_list("data", None, home) == str(tmp_path / "thuruppu" / "archive.sqlite")


def test_the_session_cache_loads_each_version_once_and_forgets_the_oldest() -> None:
    made: list[str] = []

    def make(name: str) -> LoadedSession:
        made.append(name)
        return loaded(name, name, NOTHING_READ)

    cache = SessionCache(limit=2)
    assert cache.get("a", 1, lambda: make("a")).key == "a"
    assert cache.get("a", 1, lambda: make("a again")).key == "a"
    cache.get("b", 1, lambda: make("b"))
    cache.get("c", 1, lambda: make("c"))
    assert len(cache) == 2
    cache.get("a", 1, lambda: make("a reloaded"))
    assert made == ["a", "b", "c", "a reloaded"]


def test_the_session_cache_holds_one_version_of_a_session_however_often_it_changes() -> None:
    cache = SessionCache()
    for events in range(1, 51):
        shown = cache.get("live", events, lambda n=events: loaded(f"v{n}", "live", NOTHING_READ))
        assert shown.key == f"v{events}"
    assert len(cache) == 1
    assert cache.get("live", 50, lambda: loaded("again", "live", NOTHING_READ)).key == "v50"


def test_the_data_path_comes_from_the_command_line_then_the_environment() -> None:
    assert data_path(["--data", "club/"], {"THURUPPU_DATA": "elsewhere"}) == Path("club/")
    assert data_path(["--db", "a.sqlite"], {"THURUPPU_DATA": "elsewhere"}) == Path("elsewhere")
    assert data_path([], {}) == BUNDLED_DATA
    assert data_path(["--data"], {}) == BUNDLED_DATA  # a flag without its value is ignored


def test_the_caption_counts_the_folder_the_archive_and_uploads_apart(tmp_path: Path) -> None:
    club = load("club.tgn", "club.tgn", (FIXTURES / "club-night-40.tgn").read_bytes())
    archive = tmp_path / "archive.sqlite"
    assert sessions_caption(tmp_path, [club, club], [str(archive)], [club], []) == (
        f"3 sessions: 2 from the folder {tmp_path.name}; 1 from the archive archive.sqlite; "
        "0 uploaded in this browser."
    )
    missing = tmp_path / "missing"
    assert sessions_caption(missing, [], [], [], [club]) == (
        "1 session: none from missing, which does not exist; no archive yet; "
        "1 uploaded in this browser."
    )
    assert sessions_caption(archive, [], ["postgresql://me:secret@host/club"], [club], []) == (
        "1 session: 1 from the archive on PostgreSQL; 0 uploaded in this browser."
    )


def archived(archive: Archive, session_id: int) -> SessionSummary:
    """The archive's summary of one of its sessions."""
    return next(summary for summary in archive.sessions() if summary.id == session_id)


RUMMY = (REPOSITORY / "data" / "rummy-first-round.tgn").read_bytes()


def test_a_rummy_game_is_listed_with_its_table_stage_deals_findings_and_winner() -> None:
    session = load("rummy.tgn", "rummy.tgn", RUMMY)
    assert session.family == "rummy" and session.playable and session.replay is None
    game = session.rummy
    assert game is not None and game.winner == "Cini"
    row = sessions_table([session]).iloc[0]
    assert (row["Game"], row["Table"], row["Stage"], row["Hands"]) == (
        "rummy",
        "2",
        "first round",
        15,
    )
    assert row["Findings"] == len(game.findings) == 2
    assert row["Result"] == "won by Cini"
    assert row["Players"] == "Anu, Babu, Cini, Deepu, Eapen, Fathima"


def test_a_rummy_table_still_playing_names_who_is_still_in() -> None:
    text = RUMMY.decode()
    cut = text.index('[Hand "4"]')  # three deals: nobody is out yet
    session = load("part.tgn", "part.tgn", text[:cut].encode())
    game = session.rummy
    assert game is not None and game.winner is None and not game.deals[-1].out
    assert session.summary.result == "still in: Anu, Babu, Cini, Deepu, Eapen, Fathima"
