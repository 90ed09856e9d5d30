"""What the tournament day's pages show (TOURNAMENT.md §8–§11), built without Streamlit: the
description's findings with their lines, the organiser's form turned into description text, the
schedule and each table's current match, the day's accounts (a table and a printable sheet), the
sessions of the event apart from the others, and the choices a table's scorer picks from.

The pages only draw these; every write goes through ``dashboard.day.actions``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from dashboard.views.text import escape
from recorder.archive import SessionSummary
from replay.tournament import (
    Accounts,
    Description,
    Fees,
    Roster,
    ScheduledMatch,
    ScheduleEntry,
    TeamEntry,
    TournamentFinding,
    description_toml,
)
from replay.tournament.day import GAME_STAGES, SLOT_LABELS

STAGE_PREFIX = {
    "group": "G",
    "quarter final": "QF",
    "semi final": "SF",
    "losers final": "LF",
    "final": "F",
    "first round": "R1-",
    "semi": "RS-",
}
"""How a suggested match id begins, by stage (a knockout match's id is its slot)."""


def finding_line(finding: TournamentFinding) -> str:
    """A finding as the organiser reads it: ``line 4, column 1: message`` (the place first)."""
    column = f", column {finding.column}" if finding.column else ""
    place = f"line {finding.line}{column}" if finding.line else "the whole text"
    return f"{place}: {finding.message}"


def error_lines(findings: Sequence[TournamentFinding]) -> list[str]:
    """Every error among the findings, each with its line, in the order of the text."""
    errors = [finding for finding in findings if finding.severity == "error"]
    return [finding_line(finding) for finding in sorted(errors, key=lambda f: (f.line, f.column))]


@dataclass(frozen=True)
class FormAnswers:
    """The organiser's set-up form: the tournament, its 28 format, each team's group, the fees."""

    name: str
    date: str
    rules: str
    shuffles: int
    final_shuffles: int
    group_games: int
    groups: Mapping[str, str]
    """Each team's group (empty for none)."""
    fees: Fees


def form_answers(description: Description) -> FormAnswers:
    """The form as the description stands (its defaults shown)."""
    fmt = description.twenty_eight
    return FormAnswers(
        name=description.name or "",
        date=description.date or "",
        rules=description.rules or "",
        shuffles=fmt.shuffles,
        final_shuffles=fmt.final_shuffles,
        group_games=fmt.group_games,
        groups={team.name: team.group or "" for team in fmt.teams},
        fees=description.fees,
    )


def form_text(description: Description, answers: FormAnswers) -> str:
    """The description with the form's answers put in, as TOML text (what the text box then
    holds, to be checked and stored like any text)."""
    teams = tuple(
        replace(team, group=answers.groups.get(team.name, "").strip() or None)
        for team in description.twenty_eight.teams
    )
    fmt = replace(
        description.twenty_eight,
        shuffles=answers.shuffles,
        final_shuffles=answers.final_shuffles,
        group_games=answers.group_games,
        teams=teams,
    )
    changed = replace(
        description,
        name=answers.name.strip() or None,
        date=answers.date.strip() or None,
        rules=answers.rules.strip() or None,
        twenty_eight=fmt,
        fees=answers.fees,
    )
    return description_toml(changed)


def team_rows(teams: Sequence[TeamEntry]) -> list[dict[str, str]]:
    """The 28 teams as a table: name, group, players."""
    return [
        {"Team": team.name, "Group": team.group or "", "Players": ", ".join(team.players)}
        for team in teams
    ]


def roster_read(roster: Roster) -> str:
    """What an uploaded roster holds, before it is added: ``61 players of 10 teams read`` (28),
    ``9 Rummy players read``."""

    def count(number: int, thing: str) -> str:
        return f"{number} {thing}{'' if number == 1 else 's'}"

    players = count(len(roster.rows), "player")
    if roster.game == "28":
        teams = len({row.team for row in roster.rows})
        return f"{players} of {count(teams, 'team')} read"
    return f"{count(len(roster.rows), 'Rummy player')} read"


def entry_teams(entry: ScheduleEntry) -> str:
    """Who plays a scheduled match: its teams (a slot still waiting says so) or its players."""
    scheduled = entry.scheduled
    if scheduled.game == "rummy":
        return ", ".join(scheduled.players or ())
    if entry.teams is None:
        return "teams not known yet"
    first, second = entry.teams
    return f"{first or '?'} v {second or '?'}"


def schedule_rows(entries: Sequence[ScheduleEntry]) -> list[dict[str, object]]:
    """The schedule as a table, in the order scheduled."""
    return [
        {
            "Id": entry.scheduled.id,
            "Game": entry.scheduled.game,
            "Stage": entry.scheduled.stage,
            "Round": entry.scheduled.round,
            "Table": entry.scheduled.table,
            "Slot": entry.scheduled.match or "",
            "Who": entry_teams(entry),
            "Time": entry.scheduled.time or "",
            "Session": entry.session or "",
            "State": entry.state,
        }
        for entry in entries
    ]


def now_rows(current: Mapping[int, ScheduleEntry]) -> list[dict[str, object]]:
    """What's on now: each table's current match and its state, by table."""
    return [
        {
            "Table": table,
            "Match": entry.scheduled.id,
            "Stage": entry.scheduled.stage,
            "Who": entry_teams(entry),
            "State": entry.state,
        }
        for table, entry in current.items()
    ]


def suggested_id(stage: str, round_: int | None, schedule: Sequence[ScheduledMatch]) -> str:
    """A free id for a new match: ``G1-3`` (stage, round, number), a knockout slot's label."""
    taken = {match.id for match in schedule}
    prefix = STAGE_PREFIX.get(stage, "M")
    start = f"{prefix}{round_ or 1}-" if stage in ("group", "first round", "semi") else prefix
    number = 1
    while f"{start}{number}" in taken:
        number += 1
    return f"{start}{number}"


def stage_choices(game: str) -> tuple[str, ...]:
    """The stages a game's matches are scheduled in, in the order played."""
    return GAME_STAGES[game]


def slot_choices(stage: str) -> list[str]:
    """The knockout slots of a stage (§5)."""
    return [label for label, of in SLOT_LABELS.items() if of == stage]


def accounts_rows(accounts: Accounts) -> list[dict[str, object]]:
    """One row a person (or 28 team): due, paid, still owed, paid over."""
    return [
        {
            "Who": name,
            "Due": account.due,
            "Paid": account.paid,
            "Owes": account.owed,
            "Over": account.over,
        }
        for name, account in accounts.people.items()
    ]


def accounts_html(accounts: Accounts, event: str) -> str:
    """The day's accounts as a printable sheet: each person's lines, what is paid, the totals
    (every name escaped)."""
    money = escape(accounts.currency)
    rows = []
    for name, account in accounts.people.items():
        rows.append(
            f'<tr class="person"><th>{escape(name)}</th><td>{money}{account.due}</td>'
            f"<td>{money}{account.paid}</td><td>{money}{account.owed}</td>"
            f"<td>{money}{account.over}</td></tr>"
        )
        for line in account.lines:
            rows.append(
                f'<tr class="line"><td>{escape(line.what + line.where)}</td>'
                f"<td>{money}{line.amount}</td><td>{money}{line.paid}</td><td></td><td></td></tr>"
            )
    return (
        '<div class="day-accounts">'
        f"<h3>{escape(event)}: the day's accounts</h3>"
        "<table><thead><tr><th>Who</th><th>Due</th><th>Paid</th><th>Owes</th><th>Over</th></tr>"
        f"</thead><tbody>{''.join(rows)}</tbody>"
        f"<tfoot><tr><th>Total</th><td>{money}{accounts.total_due}</td>"
        f"<td>{money}{accounts.total_paid}</td><td>{money}{accounts.total_owed}</td>"
        f"<td>{money}{accounts.total_over}</td></tr></tfoot></table></div>"
    )


PRINT_ONLY = "org-print"
"""The class of a table's copy drawn for paper only: the data grid on screen cannot be printed
whole (it draws only the rows in view, in a box of its own height)."""

ORGANISER_PRINT_CSS = (
    f".{PRINT_ONLY}{{display:none}}"
    "@media print{"
    "[data-testid='stForm'],[data-testid='stTextInput'],[data-testid='stNumberInput'],"
    "[data-testid='stTextArea'],[data-testid='stSelectbox'],[data-testid='stMultiSelect'],"
    "[data-testid='stButton'],[data-testid='stDownloadButton'],[data-testid='stFileUploader'],"
    "[data-testid='stButtonGroup'],[data-testid='stExpander'],[data-testid='stDataFrame'],"
    "[data-testid='stTabs'] [role='tablist'],header,[data-testid='stSidebar'],"
    "[data-testid='stToolbar']{display:none !important}"
    f".{PRINT_ONLY}{{display:block}}"
    f".{PRINT_ONLY} .tp-frame{{max-height:none;overflow:visible}}"
    f".{PRINT_ONLY} tr{{break-inside:avoid}}"
    "}"
)
"""The Organiser page on paper: its forms and controls left out, each table printed whole from
its plain copy, page after page, its rows never cut across a page's end."""

ACCOUNTS_CSS = (
    ".day-accounts table{border-collapse:collapse;width:100%}"
    ".day-accounts th,.day-accounts td{border-bottom:1px solid #ccc;padding:2px 8px;"
    "text-align:left}"
    ".day-accounts tr.line td:first-child{padding-left:2rem;color:#555}"
    "@media print{header,nav,[data-testid='stSidebar'],[data-testid='stToolbar']"
    "{display:none !important}}"
)


def event_sessions(
    summaries: Sequence[SessionSummary], event: str
) -> tuple[list[SessionSummary], list[SessionSummary]]:
    """The sessions of the event, and the others (another event's, or none), newest first."""
    own = [s for s in summaries if s.event == event]
    others = [s for s in summaries if s.event != event]
    return own[::-1], others[::-1]


def session_label(summary: SessionSummary) -> str:
    """A session in a list: ``#12 · 28 · G1-3 · 2026-12-05 10:14`` (its event when another's)."""
    parts = [f"#{summary.id}", summary.game]
    if summary.schedule:
        parts.append(summary.schedule)
    if summary.origin == "import":
        parts.append("imported")
    parts.append(summary.created_at[:16].replace("T", " "))
    return " · ".join(parts)


def seat_rosters(
    description: Description, teams: tuple[str, str], seats: int
) -> dict[int, list[str]]:
    """Who may sit in each seat of a 28 match: the roster of the seat's team (odd seats the first
    team's); an empty list when the team lists no players."""
    rosters = []
    for name in teams:
        team = description.twenty_eight.team(name)
        rosters.append(list(team.players) if team is not None else [])
    return {seat: rosters[(seat - 1) % 2] for seat in range(1, seats + 1)}


def seat_teams(teams: tuple[str, str], seats: int) -> dict[int, str]:
    """Each seat's team: odd seats the first, even the second."""
    return {seat: teams[(seat - 1) % 2] for seat in range(1, seats + 1)}
