"""What a visitor's link and form cannot break (TOURNAMENT.md §10): numbers in links read strictly
(``²`` and 23 digits are a message, never an error box), set-up fields refusing what the notation
cannot hold with the field named, Streamlit's guarding settings on every served command line, and
an archive that cannot be written said in a visitor's words without its file or address."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.page_writer import not_written
from dashboard.query import query_number
from dashboard.recording.rummy.setup import RummySetup
from dashboard.recording.tricks.setup import SessionSetup
from dashboard.server.launch import GUARDED, run, run_recorder, settings_problems, streamlit_command
from recorder.archive.events import ArchiveUnavailable
from tests.test_cli import run as run_cli
from tests.test_dashboard_app import app, no_exception, open_page, plain, replay_at  # noqa: F401

SIX = ("Anil", "Biju", "Chitra", "Dev", "Eapen", "Faris")


@pytest.mark.parametrize(
    ("text", "number"),
    [("12", 12), (" 7 ", 7), ("²", None), ("١٢", None), ("1" * 23, None), ("", None), ("-1", None)],
)
def test_a_links_number_is_ascii_digits_bounded(text: str, number: int | None) -> None:
    assert query_number(text) == number


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"session": "club-night-40.tgn", "hand": "²"}, "The link's hand '²' is not a number."),
        (
            {"session": "club-night-40.tgn", "hand": "1", "step": "²"},
            "The link's step '²' is not a number.",
        ),
    ],
)
def test_replay_reads_superscripts_as_no_number(
    app: AppTest,  # noqa: F811
    params: dict[str, str],
    message: str,
) -> None:
    replay_at(app, **params)
    no_exception(app)
    assert [plain(e.value) for e in app.error] == [message]


@pytest.mark.parametrize("session", ["²", "1" * 23])
def test_the_record_page_says_a_bad_session_is_no_number(
    app: AppTest,  # noqa: F811
    session: str,
) -> None:
    open_page(app, "record", session=session)
    no_exception(app)
    shown = session if len(session) <= 20 else session[:19] + "…"
    assert [plain(e.value) for e in app.error] == [  # as read: the Markdown escapes taken off
        f"The link's session {shown!r} is not a number (1 to 9 digits 0-9)."
    ]


def test_set_up_fields_refuse_quotes_and_control_characters_naming_the_field() -> None:
    names = ("Anil", 'x"] [Rules "jodi=off', "Chi\x00tra", "Dev", "Eapen", "Faris")
    problems = SessionSetup("28", names, ("Red", "Blue\tTeam"), 6, event='Onam "Cup"').problems()
    assert problems == [
        "player 2's name: a quote (\") cannot be kept in the notation; leave it out",
        "player 3's name: a control character (a tab, a new line) cannot be kept; leave it out",
        "team 2's name: a control character (a tab, a new line) cannot be kept; leave it out",
        'the event: a quote (") cannot be kept in the notation; leave it out',
    ]
    assert SessionSetup("28", SIX, ("Red", "Blue"), 6).problems() == []
    rummy = RummySetup(players=("Anu", "Ba\nbu", "Cini"))
    assert rummy.problems() == [
        "chair 2's name: a control character (a tab, a new line) cannot be kept; leave it out"
    ]


def test_every_served_command_line_is_guarded() -> None:
    command = streamlit_command("data", 8501, host="0.0.0.0", keys=True)
    assert settings_problems(command) == []
    assert command[command.index("--server.address") + 1] == "0.0.0.0"
    assert command[-1] == "--keys"
    assert set(GUARDED) == {
        "server.enableXsrfProtection",
        "server.enableCORS",
        "client.disableDataExport",
    }
    loose = [part for part in command if part != "--server.enableCORS"]
    loose.remove("false")  # the CORS flag's value
    assert settings_problems(loose) == ["--server.enableCORS is not given, expected false"]
    unbounded = [part for part in command if part != "--server.maxUploadSize"]
    assert settings_problems(unbounded) == [
        "--server.maxUploadSize is not given, expected a number of megabytes"
    ]
    assert "--keys" not in streamlit_command("data", 8501)


@pytest.mark.parametrize(
    ("reason", "said"),
    [
        ("attempt to write a readonly database", "read-only"),
        ("database or disk is full", "disk full"),
        (
            'connection to server at "10.0.0.5", port 5432 failed: Connection refused',
            "server not answering",
        ),
    ],
)
def test_an_archive_in_trouble_is_said_without_its_address(reason: str, said: str) -> None:
    error = ArchiveUnavailable(f"archive postgresql://u:***@10.0.0.5/db: {reason}", reason)
    assert not_written(error) == (
        f"the archive cannot be written ({said}): nothing was stored; try again"
    )


def test_record_needs_keys_only_off_this_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    served: list[list[str]] = []
    monkeypatch.setattr(
        "dashboard.server.launch.serve", lambda command: served.append(command) or 0
    )
    assert run_recorder(None, 8600) == 0
    assert run_recorder(None, 8600, host="0.0.0.0") == 0
    assert run("x", 8601, host="0.0.0.0") == 0
    local, network, dashboard = served
    assert local[local.index("--server.address") + 1] == "127.0.0.1" and "--keys" not in local
    assert network[network.index("--server.address") + 1] == "0.0.0.0" and network[-1] == "--keys"
    assert dashboard[-1] == "--keys"  # the dashboard only reads without a key, on any address


def test_the_help_says_plainly_that_the_network_turns_keys_on() -> None:
    code, out, _ = run_cli("record", "--help")
    assert code == 0
    said = " ".join(out.split())
    assert "--host 0.0.0.0 listens on the network" in said and "needs a table's" in said
