"""Uploads are read and replayed in a worker process (``dashboard.server.upload_worker``): the
session the page gets is the one reading in the server gave, its parts come from the upload's own
folder, and the folder goes when the upload is forgotten."""

from __future__ import annotations

import gc
import io
from pathlib import Path

import pytest

from dashboard.library import LoadedSession, load, upload_key
from dashboard.server.launch import DEFAULT_MAX_UPLOAD_MB, max_upload_mb, streamlit_command
from dashboard.server.upload_worker import Shelf, UploadFailed

DATA = Path(__file__).resolve().parent.parent / "data"


def read_away(
    name: str, data: bytes, told: list[tuple[float, str]] | None = None
) -> tuple[LoadedSession, str]:
    """An upload read by the worker as a visitor's is, with the key it got; ``told`` gets each
    progress seen."""
    shelf = Shelf()
    folder, key = shelf.shelve("visitor", name, io.BytesIO(data))
    reading = shelf.read("visitor", folder, key, name)
    while not reading.wait(0.02):
        if told is not None and (not told or told[-1] != reading.progress):
            told.append(reading.progress)
    if told is not None:
        told.append(reading.progress)
    return reading.session(), reading.label


@pytest.mark.parametrize("name", ["club-night-40.tgn", "rummy-first-round.tgn"])
def test_an_upload_read_away_is_the_session_read_here(name: str) -> None:
    data = (DATA / name).read_bytes()
    told: list[tuple[float, str]] = []
    away, label = read_away(name, data, told)
    here = load(away.key, label, data)
    assert away.key == upload_key(name, data)
    assert (away.summary, away.problems, away.digest) == (here.summary, here.problems, here.digest)
    assert away.tally() == here.tally()
    assert away.record == here.record
    assert told[-1] == (1.0, "Done")
    assert [done for done, _ in told] == sorted(done for done, _ in told)


def test_a_broken_upload_is_read_away_with_its_problems() -> None:
    data = (DATA / "club-night-40.tgn").read_bytes().replace(b"deal 1:", b"deal 1: ZZ", 1)
    away, label = read_away("bad.tgn", data)
    assert away.problems == load(away.key, label, data).problems
    assert away.problems


def test_the_upload_folder_goes_with_the_session(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", None)
    away, _ = read_away("x.tgn", (DATA / "tgn-example-40.tgn").read_bytes())
    (folder,) = tmp_path.iterdir()
    assert away.record is not None
    del away
    gc.collect()
    assert not folder.exists()


def test_a_worker_that_does_not_finish_is_an_upload_failure(monkeypatch) -> None:
    monkeypatch.setattr("sys.executable", "/bin/false")
    with pytest.raises(UploadFailed):
        read_away("x.tgn", b"")


def test_the_largest_upload_is_a_setting_of_the_server() -> None:
    assert max_upload_mb({}) == DEFAULT_MAX_UPLOAD_MB == 50
    assert max_upload_mb({"THURUPPU_MAX_UPLOAD_MB": "200"}) == 200
    assert max_upload_mb({"THURUPPU_MAX_UPLOAD_MB": "lots"}) == 50
    command = streamlit_command("data", 8501)
    assert command[command.index("--server.maxUploadSize") + 1] == "50"
