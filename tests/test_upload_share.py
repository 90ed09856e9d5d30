"""An upload keeps to its share of the server (``dashboard.server.upload_worker``): a file with
more hands than an upload may hold, or a worker over its memory, is refused with a message that
says the limit and what to do; a visitor reads one upload at a time and the server holds a few;
an upload dropped, or whose browser session ended, leaves no folder and no worker behind; and
the worker reads at the lowest priority."""

from __future__ import annotations

import io
import os
import time
from pathlib import Path

import pytest

from dashboard.server import upload_worker
from dashboard.server.upload_worker import (
    MAX_UPLOAD_HANDS,
    WORKER_NICENESS,
    Reading,
    Shelf,
    UploadRefused,
)
from tests.uploads import DATA, repeated_session

SMALL = (DATA / "tgn-example-40.tgn").read_bytes()


def started(shelf: Shelf, visitor: str, name: str, data: bytes) -> Reading:
    folder, key = shelf.shelve(visitor, name, io.BytesIO(data))
    return shelf.read(visitor, folder, key, name)


def test_a_file_with_too_many_hands_is_refused_before_it_is_read() -> None:
    shelf = Shelf()
    reading = started(shelf, "visitor", "export.tgn", repeated_session(MAX_UPLOAD_HANDS + 1))
    with pytest.raises(UploadRefused) as refused:
        reading.session()
    message = str(refused.value)
    assert f"{MAX_UPLOAD_HANDS + 1:,} hands" in message
    assert f"at most {MAX_UPLOAD_HANDS:,} hands" in message
    assert "thuruppu archive import" in message
    assert not (reading.folder / upload_worker.RESULT).exists()


def test_a_worker_over_its_memory_is_stopped_and_the_upload_refused(monkeypatch) -> None:
    monkeypatch.setattr(upload_worker, "WORKER_MEMORY_MB", 5)
    reading = started(Shelf(), "visitor", "x.tgn", SMALL)
    with pytest.raises(UploadRefused, match="more than the 5 MB of memory"):
        reading.session()
    assert reading.worker is not None and reading.worker.returncode is not None


def test_a_visitor_reads_one_upload_at_a_time_and_the_server_holds_a_few() -> None:
    shelf = Shelf(limit=2)
    first = started(shelf, "visitor", "first.tgn", repeated_session(300))
    with pytest.raises(UploadRefused, match=r"first\.tgn is still being read"):
        shelf.shelve("visitor", "second.tgn", io.BytesIO(SMALL))
    other = started(shelf, "another visitor", "other.tgn", SMALL)
    with pytest.raises(UploadRefused, match="already holds 2 uploads"):
        shelf.shelve("a third visitor", "third.tgn", io.BytesIO(SMALL))
    assert first.session().hands == 300 and other.session().hands == 1
    shelf.collected("visitor")
    shelf.drop(first.folder)
    folder, _ = shelf.shelve("visitor", "second.tgn", io.BytesIO(SMALL))
    assert folder.is_dir()


def test_an_upload_whose_session_ended_leaves_no_folder_nor_worker() -> None:
    shelf = Shelf()
    reading = started(shelf, "gone", "big.tgn", repeated_session(2_000))
    kept = started(shelf, "here", "small.tgn", SMALL)
    while reading.worker is None:
        time.sleep(0.01)
    shelf.sweep(lambda visitor: visitor == "here")
    assert not reading.folder.exists()
    assert reading.wait(5), "the worker of an upload dropped was not stopped"
    assert reading.worker.returncode is not None
    assert not reading.folder.exists()
    assert shelf.folders() == [kept.folder] and kept.session().hands == 1


def test_the_worker_reads_at_the_lowest_priority() -> None:
    reading = started(Shelf(), "visitor", "big.tgn", repeated_session(2_000))
    while reading.worker is None:
        time.sleep(0.01)
    seen = os.getpriority(os.PRIO_PROCESS, reading.worker.pid)
    reading.session()
    assert seen == min(os.getpriority(os.PRIO_PROCESS, 0) + WORKER_NICENESS, 19)


def test_the_bytes_are_copied_whole_under_the_key_of_the_file(tmp_path: Path) -> None:
    data = repeated_session(500)
    folder, key = Shelf().shelve("visitor", "x.tgn", io.BytesIO(data))
    assert (folder / upload_worker.UPLOAD).read_bytes() == data
    from dashboard.library import upload_key

    assert key == upload_key("x.tgn", data)
