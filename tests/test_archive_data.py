"""Every bundled session in ``data/`` goes into the archive and comes out as the same record."""

from __future__ import annotations

from pathlib import Path

import pytest

from recorder import dumps, load, loads
from recorder.archive import open_archive

DATA = Path(__file__).resolve().parent.parent / "data"
SESSIONS = sorted(DATA.rglob("*.tgn"))
"""Every bundled session, those of the tournament folder included."""


def test_there_are_sessions_to_round_trip() -> None:
    assert SESSIONS, f"no .tgn sessions in {DATA}"


@pytest.mark.parametrize(
    "path", SESSIONS, ids=[path.relative_to(DATA).as_posix() for path in SESSIONS]
)
def test_a_data_session_comes_out_of_the_archive_as_it_went_in(path: Path, tmp_path: Path) -> None:
    record = load(path)
    archive = open_archive(tmp_path / "archive.sqlite")
    session = archive.import_tgn(path.read_text(encoding="utf-8"), path.name)
    assert archive.record(session) == record
    exported = archive.export_tgn(session)
    assert exported == dumps(record)
    assert loads(exported) == record
