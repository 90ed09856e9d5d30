"""Club keys: a club night has no tournament, yet a phone records a plain club session over the
network. ``thuruppu keys`` (or ``thuruppu day keys`` in an archive with no tournament) issues table
keys that open the Record page's new session; the session a club key starts gets its ``Table`` tag,
the key writes into it and nowhere else, and never into a tournament's session."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest

from dashboard.day import guard
from recorder.archive import ArchiveError, Author, HandStarted, open_archive
from recorder.archive.keys import is_club, key_hash, resolve
from recorder.model import Tag
from tests.test_cli import run
from tests.test_day_cli import CUP

NOW = datetime.datetime.now(datetime.UTC)
LINK = re.compile(r"club table (\d+): http://club\.lan:8501/record\?key=([\w-]{32})")
TAGS = [Tag(name="Game", value="28"), Tag(name="Players", value="A, B, C, D, E, F")]


def club_keys(db: str, *args: str) -> dict[int, str]:
    """The club keys ``thuruppu keys`` issues into the archive ``db`` (made first: a command
    makes no archive it was not asked to)."""
    open_archive(db)
    code, out, err = run("keys", "--url", "http://club.lan:8501", *args, "--db", db)
    assert (code, err) == (0, "")
    found = [LINK.fullmatch(line) for line in out.splitlines()]
    assert all(found), out
    return {int(m.group(1)): m.group(2) for m in found if m}


def test_thuruppu_keys_issues_club_table_links_and_keeps_only_their_hashes(
    tmp_path: Path,
) -> None:
    db = str(tmp_path / "club.sqlite")
    keys = club_keys(db, "--table", "4", "--table", "5")
    archive = open_archive(db)
    four = resolve(archive, keys[4], NOW)
    assert four == Author("club table 4", "", "table", 4) and is_club(four)
    assert not is_club(Author("table 4", "", "table", 4))
    assert key_hash(keys[5]) in {issued.hash for e in archive.day_log() for issued in [e.event]
                                 if issued.kind == "key"}  # fmt: skip
    code, out, err = run("day", "keys", "--url", "http://club.lan:8501", "--table", "4",
                         "--db", db)  # fmt: skip
    assert (code, err) == (0, "") and LINK.fullmatch(out.strip())
    with pytest.raises(ArchiveError, match="not in force"):
        resolve(archive, keys[4], NOW)  # replaced by the new key of table 4


def test_a_club_key_records_its_own_club_session_only(tmp_path: Path) -> None:
    db = str(tmp_path / "club.sqlite")
    keys = club_keys(db, "--table", "4")
    archive = open_archive(db)
    four = resolve(archive, keys[4], NOW)
    tags = guard.writer_tags(TAGS, four)
    assert tags[-1] == Tag(name="Table", value="4")
    assert guard.writer_tags(TAGS, Author()) == TAGS
    session = archive.create_session(tags, four)
    guard.append(archive, session, HandStarted.numbered(1, dealer=6), four)
    assert archive.record(session).tag("Table").value == "4"  # type: ignore[union-attr]
    elsewhere = archive.create_session([*TAGS, Tag(name="Table", value="5")])
    with pytest.raises(ArchiveError, match="a table key records only at its own table"):
        guard.append(archive, elsewhere, HandStarted.numbered(1, dealer=6), four)
    with pytest.raises(ArchiveError, match="a table key records only at its own table"):
        archive.create_session(TAGS, four)


def test_a_club_key_writes_no_tournament_session(tmp_path: Path) -> None:
    db = str(tmp_path / "club.sqlite")
    keys = club_keys(db, "--table", "3")
    (tmp_path / "cup.toml").write_text(CUP, encoding="utf-8")
    assert run("day", "init", "--description", str(tmp_path / "cup.toml"), "--db", db)[0] == 0
    archive = open_archive(db)
    three = resolve(archive, keys[3], NOW)
    cup = archive.create_session([*TAGS, Tag(name="Event", value="Onam Cup"),
                                  Tag(name="Table", value="3")])  # fmt: skip
    with pytest.raises(ArchiveError, match="is of Onam Cup: not a club session"):
        guard.append(archive, cup, HandStarted.numbered(1, dealer=6), three)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["keys"], "no schedule to take its tables from, so name them with --table"),
        (["keys", "--table", "0"], "table 0: tables are numbered from 1; nothing was stored"),
        (["day", "keys", "--desk"], "--director and --desk keys need a tournament"),
        (["keys", "--table", "2", "--url", "club.lan"], "--url 'club.lan': expected the"),
    ],
)
def test_club_keys_refused_say_why(tmp_path: Path, args: list[str], message: str) -> None:
    db = str(tmp_path / "club.sqlite")
    open_archive(db)  # a club night's archive, as recording there made it
    url = [] if "--url" in args else ["--url", "http://club.lan:8501"]
    code, out, err = run(*args, *url, "--db", db)
    assert (code, out) == (1, "")
    assert message in err


def test_a_tournament_keys_new_session_belongs_to_its_tournament() -> None:
    director = Author("director", "", "director", None, "Onam Cup")
    tags = guard.writer_tags([*TAGS, Tag(name="Event", value="Club night")], director)
    assert [tag for tag in tags if tag.name == "Event"] == [Tag(name="Event", value="Onam Cup")]
