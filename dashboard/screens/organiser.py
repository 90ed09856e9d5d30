"""The Organiser page (TOURNAMENT.md §8, §11): set the tournament up, import the rosters, schedule
the matches, see what's on at every table now, and keep the day's accounts.

The description is edited in place as TOML text, read on every change: every bad key or name is
shown at once with its line, before anything is stored. The set-up form writes into that text.
Every write goes through ``dashboard.day.actions`` as the tab's key's writer, read afresh at every
write (``dashboard.page_writer``; ``organiser``, payments ``desk``, on a machine that needs no key).
On a server that needs keys the set-up and the schedule are changed with a director's key only and
fees marked paid with a director's or the desk's; without one the page shows what's on and the
accounts and offers no change, and a write made anyway is refused before it reaches the archive.
A write leaves the page on the tab it was made from. Printed, the page leaves its forms out and
prints each table whole (``ORGANISER_PRINT_CSS``).
"""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd
import streamlit as st

from dashboard import page_writer, state
from dashboard.day import actions
from dashboard.day.source import Day, DayError, open_day, tournaments
from dashboard.printing.button import csv_button
from dashboard.views.frame_html import frame_html
from dashboard.views.text import escape_markdown
from dashboard.views.tournament.day import (
    ACCOUNTS_CSS,
    ORGANISER_PRINT_CSS,
    PRINT_ONLY,
    FormAnswers,
    accounts_html,
    accounts_rows,
    error_lines,
    form_answers,
    form_text,
    now_rows,
    roster_read,
    schedule_rows,
    slot_choices,
    stage_choices,
    suggested_id,
    team_rows,
)
from recorder.archive import Archive, ArchiveError, Author
from replay.tournament import Description as TournamentDescription
from replay.tournament import (
    Fees,
    ScheduledMatch,
    accounts_text,
    current_matches,
    description_toml,
    merge_roster,
    read_description,
    read_roster,
)

TEXT = "org-text"
NOTICE = "org-notice"
TABS = "org-tabs"
TEMPLATE = description_toml(TournamentDescription(name=""))


def table(
    rows: list[dict[str, object]] | list[dict[str, str]], *, csv: str, key: str | None = None
) -> None:
    """A table: the data grid on screen, its *Download as CSV* as ``csv``.csv (formula cells
    neutralised), and a plain copy that only paper shows, whole."""
    st.dataframe(rows, hide_index=True, width="stretch", key=key)
    csv_button(rows, f"{csv}.csv", key=f"org-{csv}-csv")
    st.html(f'<div class="{PRINT_ONLY}">{frame_html(pd.DataFrame(rows))}</div>')


def notice(kind: str, text: str) -> None:
    st.session_state[NOTICE] = (kind, text)


def act(write: Callable[[], str]) -> None:
    """Run a write (a callback) and keep what it said (or why it was refused) for the page's
    top."""
    try:
        notice("success", write())
    except DayError as error:
        notice("error", str(error))
    except ArchiveError as error:
        notice("error", page_writer.shown(error))


def fresh(event: str) -> Day:
    """The day as it stands now (a callback writes against the archive, not the page drawn)."""
    location = state.day_archive()
    assert location is not None  # the page draws its actions only with an archive
    return open_day(location, event)


def organiser(archive: Archive, why: str = "") -> Author:
    """The writer of a set-up or schedule change: a director's key, or ``organiser`` on a machine
    that needs no key (``page_writer.writer_as``)."""
    return page_writer.writer_as(archive, "organiser", why, page_writer.DIRECTING)


def save_description(archive: Archive) -> None:
    text = st.session_state.get(TEXT, "")
    act(lambda: actions.set_description(archive, text, organiser(archive, "set-up")))


def apply_form(description: TournamentDescription, teams: list[str]) -> None:
    """Write the form's answers into the text box (a callback; nothing stored yet)."""
    get = st.session_state.get
    answers = FormAnswers(
        name=get("org-name", ""),
        date=get("org-date", ""),
        rules=get("org-rules", ""),
        shuffles=int(get("org-shuffles", 12)),
        final_shuffles=int(get("org-final-shuffles", 18)),
        group_games=int(get("org-group-games", 4)),
        groups={team: get(f"org-group-{team}", "") for team in teams},
        fees=Fees(
            registration=int(get("org-fee-registration", 50)),
            entry=int(get("org-fee-entry", 50)),
            rejoin=int(get("org-fee-rejoin", 50)),
            team=int(get("org-fee-team", 0)),
            currency=get("org-fee-currency", "$") or "$",
        ),
    )
    st.session_state[TEXT] = form_text(description, answers)


def merge_into_text(description: TournamentDescription, data: bytes, source: str) -> None:
    """Put an uploaded roster's players into the text box (a callback; nothing stored yet)."""
    st.session_state[TEXT] = description_toml(merge_roster(description, read_roster(data, source)))


def draw_setup(archive: Archive, day: Day | None) -> None:
    """The description's text, checked as typed, the form that writes it, the roster import."""
    if TEXT not in st.session_state:
        stored = day.state.description if day is not None else None
        st.session_state[TEXT] = stored or TEMPLATE
    text = st.text_area("The description (TOML)", key=TEXT, height=320)
    description, findings = read_description(text, "description")
    errors = error_lines(findings)
    with st.container(key="org-findings"):
        if errors:
            st.error(
                f"{len(errors)} problem{'s' if len(errors) > 1 else ''}: nothing can be saved yet",
                icon=":material/error:",
            )
            for line in errors:
                st.text(line)
        else:
            st.caption("The description reads without a problem.")
    st.button(
        "Save the description",
        key="org-save",
        type="primary",
        disabled=bool(errors),
        on_click=save_description,
        args=(archive,),
    )
    draw_form(description)
    draw_roster(description)


def draw_form(description: TournamentDescription) -> None:
    answers = form_answers(description)
    teams = list(answers.groups)
    with (
        st.expander("Set up with a form (writes into the text above)"),
        st.form("org-form", border=False),
    ):
        top = st.columns(3)
        top[0].text_input("Name", value=answers.name, key="org-name")
        top[1].text_input("Date (YYYY-MM-DD)", value=answers.date, key="org-date")
        top[2].text_input("Rules tag of every session", value=answers.rules, key="org-rules")
        shape = st.columns(3)
        shape[0].number_input("Shuffles a match", 1, 99, answers.shuffles, key="org-shuffles")
        shape[1].number_input(
            "Shuffles of the final", 1, 99, answers.final_shuffles, key="org-final-shuffles"
        )
        shape[2].number_input(
            "Group games a team", 1, 99, answers.group_games, key="org-group-games"
        )
        if teams:
            st.caption("Each team's group (empty: one table of all teams)")
            cells = st.columns(4)
            for number, team in enumerate(teams):
                cells[number % 4].text_input(
                    escape_markdown(team), value=answers.groups[team], key=f"org-group-{team}"
                )
        fees = answers.fees
        money = st.columns(5)
        money[0].number_input(
            "Registration", 0, None, fees.registration, key="org-fee-registration"
        )
        money[1].number_input("Further table", 0, None, fees.entry, key="org-fee-entry")
        money[2].number_input("Re-entry", 0, None, fees.rejoin, key="org-fee-rejoin")
        money[3].number_input("A 28 team", 0, None, fees.team, key="org-fee-team")
        money[4].text_input("Currency", value=fees.currency, key="org-fee-currency")
        st.form_submit_button("Put into the text", on_click=apply_form, args=(description, teams))


def draw_roster(description: TournamentDescription) -> None:
    st.subheader("Rosters")
    if description.twenty_eight.teams:
        table(team_rows(description.twenty_eight.teams), csv="teams")
    if description.rummy.players:
        st.caption("Rummy: " + escape_markdown(", ".join(description.rummy.players)))
    upload = st.file_uploader(
        "Import a roster (CSV: team,player[,group] for 28; player for Rummy)",
        type=["csv"],
        key="org-roster",
    )
    if upload is None:
        return
    data = upload.getvalue()
    roster = read_roster(data, upload.name)
    if roster.findings:
        st.error("This roster has bad rows: fix them in the sheet and upload it again")
        for finding in roster.findings:
            st.text(f"{upload.name}: line {finding.line}: {finding.message}")
        return
    st.caption(roster_read(roster) + ".")
    st.button(
        "Add to the description",
        key="org-roster-merge",
        on_click=merge_into_text,
        args=(description, data, upload.name),
    )


def add_match(event: str, suggested: str) -> None:
    """Schedule the match the widgets describe (a callback)."""
    get = st.session_state.get
    game = get("org-game") or "28"
    stage = get("org-stage") or stage_choices(game)[0]
    group = stage == "group"
    match = ScheduledMatch(
        id=(get("org-id") or "").strip() or suggested,
        game=game,
        stage=stage,
        round=int(get("org-round") or 1),
        table=int(get("org-table") or 1),
        match=get("org-slot") if game == "28" and not group else None,
        teams=(str(get("org-team-1")), str(get("org-team-2"))) if game == "28" and group else None,
        players=tuple(get("org-players") or ()) if game == "rummy" else None,
        time=(get("org-time") or "").strip() or None,
    )
    act(lambda: schedule(event, match))


def schedule(event: str, match: ScheduledMatch) -> str:
    day = fresh(event)
    return actions.schedule_match(day, match, organiser(day.archive))


def remove_match(event: str) -> None:
    match_id = st.session_state.get("org-remove") or ""
    why = st.session_state.get("org-remove-why", "")
    act(lambda: unschedule(event, match_id, why))


def unschedule(event: str, match_id: str, why: str) -> str:
    day = fresh(event)
    return actions.unschedule(day, match_id, organiser(day.archive, why))


def draw_schedule(day: Day, refused: str | None) -> None:
    """What's on now and the schedule; the controls that change it when this tab may."""
    tournament = day.tournament()
    st.subheader("What's on now")
    now = current_matches(tournament.schedule)
    if now:
        table(now_rows(now), key="org-now", csv="on-now")
        st.caption("Each table's scorer opens the Record page at record?table=N.")
    else:
        st.caption("No table has a match to play.")
    if refused:
        st.info(escape_markdown(refused), icon=":material/lock:")
        st.subheader("The schedule")
        if tournament.schedule:
            table(schedule_rows(tournament.schedule), csv="schedule")
        else:
            st.caption("Nothing scheduled yet.")
        return
    st.subheader("Add a match")
    game = st.segmented_control("Game", ["28", "rummy"], default="28", key="org-game") or "28"
    top = st.columns(4)
    stage = top[0].selectbox("Stage", stage_choices(game), key="org-stage")
    round_ = top[1].number_input("Round", 1, 99, 1, key="org-round")
    top[2].number_input("Table", 1, 999, 1, key="org-table")
    top[3].text_input("Start time (HH:MM)", key="org-time")
    schedule = day.log.schedule
    if game == "28" and stage == "group":
        teams = [team.name for team in day.description.twenty_eight.teams]
        if len(teams) < 2:
            st.info("List the teams first: import a 28 roster on the Set-up tab.")
        pair = st.columns(2)
        pair[0].selectbox("Team 1 (odd seats)", teams, index=0, key="org-team-1")
        pair[1].selectbox(
            "Team 2 (even seats)", teams, index=min(1, len(teams) - 1), key="org-team-2"
        )
    elif game == "28":
        st.selectbox("Slot (the bracket gives its teams)", slot_choices(stage), key="org-slot")
    else:
        st.multiselect("Players", list(day.description.rummy.players), key="org-players")
        if not day.description.rummy.players:
            st.info("List the Rummy players first: import a Rummy roster on the Set-up tab.")
    shown_slot = st.session_state.get("org-slot") if game == "28" and stage != "group" else None
    suggested = shown_slot or suggested_id(stage, int(round_), schedule)
    st.text_input("Match id", placeholder=suggested, key="org-id", help="Empty: " + suggested)
    st.button(
        "Schedule",
        key="org-schedule",
        type="primary",
        on_click=add_match,
        args=(day.event, suggested),
    )
    st.subheader("The schedule")
    if tournament.schedule:
        table(schedule_rows(tournament.schedule), csv="schedule")
        ids = [entry.scheduled.id for entry in tournament.schedule]
        row = st.columns([2, 3, 1], vertical_alignment="bottom")
        row[0].selectbox("Take off the schedule", ids, key="org-remove")
        row[1].text_input("Why", key="org-remove-why")
        row[2].button("Remove", key="org-remove-button", on_click=remove_match, args=(day.event,))
    else:
        st.caption("Nothing scheduled yet.")


def mark_paid(event: str, amount_key: str) -> None:
    get = st.session_state.get
    person, amount, note = get("org-payer") or "", int(get(amount_key) or 0), get("org-note", "")
    act(lambda: pay(event, person, amount, note))


def pay(event: str, person: str, amount: int, note: str) -> str:
    """Mark a payment as a director's or the desk's key (``desk`` on a machine needing none)."""
    day = fresh(event)
    author = page_writer.writer_as(day.archive, "desk", "", page_writer.PAYING)
    return actions.pay(day, person, amount, note, author)


def draw_fees(day: Day, refused: str | None) -> None:
    """What everyone owes, and the control marking a payment when this tab may."""
    accounts = day.tournament().fees
    if accounts is None or not accounts.people:
        st.caption("Nobody owes anything yet.")
        return
    table(accounts_rows(accounts), csv="fees")
    owing = [name for name, account in accounts.people.items() if account.owed > 0]
    if refused:
        st.info(escape_markdown(refused), icon=":material/lock:")
    elif owing:
        row = st.columns([2, 1, 2, 1], vertical_alignment="bottom")
        payer = row[0].selectbox("Mark paid", owing, key="org-payer")
        amount_key = f"org-amount-{payer}"
        row[1].number_input("Amount", 1, None, accounts.people[payer].owed, key=amount_key)
        row[2].text_input("Note (cash, receipt)", key="org-note")
        row[3].button("Paid", key="org-pay", on_click=mark_paid, args=(day.event, amount_key))
    else:
        st.caption("Everyone has paid.")
    with st.expander("Printable accounts"):
        st.html(f"<style>{ACCOUNTS_CSS}</style>{accounts_html(accounts, day.event)}")
        st.download_button(
            "Download as text",
            accounts_text(accounts),
            file_name="accounts.txt",
            key="org-accounts-download",
        )


def chosen_day(archive: Archive) -> Day | None:
    """The tournament the page works on (``?event=`` when the archive holds several)."""
    names = tournaments(archive)
    if not names:
        return None
    if len(names) == 1:  # nothing to choose: the tournament's name, no control that does nothing
        st.caption(escape_markdown(names[0]))
        return open_day(archive, names[0])
    wanted = st.query_params.get("event")
    event = st.selectbox("Tournament", names, index=names.index(wanted) if wanted in names else 0)
    st.query_params["event"] = event
    return open_day(archive, event)


st.title("Organiser")
archive = state.day_archive()
if archive is None:
    st.info("This dashboard shows files only: start it on an archive to run a tournament day.")
    st.stop()
if NOTICE in st.session_state:
    kind, said = st.session_state.pop(NOTICE)
    (st.success if kind == "success" else st.error)(escape_markdown(said))
try:
    day = chosen_day(archive)
except DayError as error:
    st.error(escape_markdown(str(error)))
    st.stop()
directing = page_writer.page_refusal(archive, page_writer.DIRECTING, "the director's link")
paying = page_writer.page_refusal(archive, page_writer.PAYING, "the director's or the desk's link")
st.html(f"<style>{ORGANISER_PRINT_CSS}</style>")
# Keyed, the tabs keep the one open when a write's notice appears above them (unkeyed, the
# notice moved them and the page opened at Set-up again after every Schedule or Paid).
setup, schedule_tab, fees_tab = st.tabs(["Set-up", "Schedule", "Fees"], key=TABS, on_change="rerun")
with setup:
    if directing:
        st.info(escape_markdown(directing), icon=":material/lock:")
    else:
        draw_setup(archive, day)
if day is None:
    with schedule_tab:
        st.caption("Save a description first: the schedule and the fees follow from it.")
    st.stop()
with schedule_tab:
    draw_schedule(day, directing)
with fees_tab:
    draw_fees(day, paying)
