"""The day's accounts (TOURNAMENT.md §11): what each player and team owes, from the records and the
description's ``[fees]``, and what the desk's payments have paid.

Owed: ``registration`` once per name of the Rummy roster (without a roster, once per player of a
Rummy table); ``entry`` for every first-round table a player joins after his first (tables in the
order their sessions come, the order they were started); ``rejoin`` for every re-entry the Rummy
engine accepted; ``team`` once per 28 team. Only counting sessions are read (never a void one);
a fee of 0 gives no line. A person's payments pay his lines in order: each line shows how much of
it is paid; what is paid past a person's dues is shown as over, never lost in "paid up".
A line about a table names the stage, the round and the table: a table number is one physical
table, which plays a round after another.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from replay.tournament.description import Description

if TYPE_CHECKING:
    from replay.tournament.day import Payment
    from replay.tournament.rummy_stages import RummyTable

FIRST_ROUND = "first round"


@dataclass(frozen=True)
class FeeLine:
    """One thing owed: what, where (stage, round and table, when it is about a table), how much,
    and how much of it the person's payments cover."""

    what: str
    amount: int
    stage: str | None = None
    table: str | None = None
    paid: int = 0
    round: str | None = None

    @property
    def where(self) -> str:
        """`` (first round, round 2, table 5)``: the table the line is about; empty for none."""
        if not self.table:
            return ""
        round_ = f", round {self.round}" if self.round else ""
        return f" ({self.stage}{round_}, table {self.table})"

    def to_json(self) -> dict[str, Any]:
        return {
            "what": self.what,
            "stage": self.stage,
            "round": self.round,
            "table": self.table,
            "amount": self.amount,
            "paid": self.paid,
        }


@dataclass(frozen=True)
class Account:
    """A person's (or team's) lines, what is due and what was paid."""

    lines: tuple[FeeLine, ...]
    paid: int

    @property
    def due(self) -> int:
        return sum(line.amount for line in self.lines)

    @property
    def owed(self) -> int:
        return max(0, self.due - self.paid)

    @property
    def over(self) -> int:
        """What was paid past the dues (to give back, or to keep against a later fee)."""
        return max(0, self.paid - self.due)

    def balance(self, money: str) -> str:
        """``owes $30``, ``paid $20 over`` or ``paid up``."""
        if self.owed:
            return f"owes {money}{self.owed}"
        return f"paid {money}{self.over} over" if self.over else "paid up"

    def to_json(self) -> dict[str, Any]:
        return {
            "due": self.due,
            "paid": self.paid,
            "lines": [line.to_json() for line in self.lines],
        }


@dataclass(frozen=True)
class Accounts:
    """The day's accounts: every person's, by name, in one currency."""

    currency: str
    people: dict[str, Account]

    @property
    def total_due(self) -> int:
        return sum(account.due for account in self.people.values())

    @property
    def total_paid(self) -> int:
        return sum(account.paid for account in self.people.values())

    @property
    def total_owed(self) -> int:
        return sum(account.owed for account in self.people.values())

    @property
    def total_over(self) -> int:
        return sum(account.over for account in self.people.values())

    def to_json(self) -> dict[str, Any]:
        """``fees`` in ``thuruppu tournament --json`` and ``thuruppu day fees --json`` (§11)."""
        return {
            "currency": self.currency,
            "total_due": self.total_due,
            "total_paid": self.total_paid,
            "people": {name: account.to_json() for name, account in self.people.items()},
        }


def accounts(
    description: Description,
    tables: Sequence[RummyTable],
    teams: Sequence[str],
    payments: Sequence[Payment] = (),
) -> Accounts:
    """The accounts of the counting Rummy tables and 28 teams, with the payments applied."""
    fees = description.fees
    owed: dict[str, list[FeeLine]] = {}

    def owe(person: str, line: FeeLine) -> None:
        if line.amount:
            owed.setdefault(person, []).append(line)
        else:
            owed.setdefault(person, [])

    roster = description.rummy.players or tuple(
        dict.fromkeys(name for table in tables for name in table.game.standing)
    )
    for name in roster:
        owe(name, FeeLine("registration", fees.registration))
    joined: set[str] = set()
    for table in tables:
        number, round_ = table.number, table.session.tag("Round")
        for name in table.game.standing:
            if table.stage == FIRST_ROUND:
                if name in joined:
                    owe(name, FeeLine("entry", fees.entry, table.stage, number, round=round_))
                joined.add(name)
            for _ in range(table.game.rejoins.get(name, 0)):
                owe(name, FeeLine("rejoin", fees.rejoin, table.stage, number, round=round_))
    for team in teams:
        owe(team, FeeLine("team", fees.team))
    paid: dict[str, int] = {}
    for payment in payments:
        paid[payment.person] = paid.get(payment.person, 0) + payment.amount
        owed.setdefault(payment.person, [])
    people = {
        name: Account(_pay(owed[name], paid.get(name, 0)), paid.get(name, 0))
        for name in sorted(owed)
    }
    return Accounts(fees.currency, people)


def _pay(lines: Sequence[FeeLine], amount: int) -> tuple[FeeLine, ...]:
    """The lines with ``amount`` paying them in order."""
    paid = []
    for line in lines:
        part = min(line.amount, max(0, amount))
        amount -= part
        paid.append(replace(line, paid=part))
    return tuple(paid)


def accounts_text(accounts: Accounts) -> str:
    """The accounts as plain text for ``thuruppu day fees`` and the desk's printout."""
    money = accounts.currency
    out = []
    for name, account in accounts.people.items():
        state = account.balance(money)
        out.append(f"{name}: due {money}{account.due}, paid {money}{account.paid}, {state}")
        for line in account.lines:
            status = (
                "paid"
                if line.paid == line.amount
                else f"{money}{line.paid} paid"
                if line.paid
                else ""
            )
            paid = f", {status}" if status else ""
            out.append(f"  {line.what}{line.where}: {money}{line.amount}{paid}")
    over = f", paid over {money}{accounts.total_over}" if accounts.total_over else ""
    out.append(
        f"total due {money}{accounts.total_due}, paid {money}{accounts.total_paid}, "
        f"still owed {money}{accounts.total_owed}{over}"
    )
    return "\n".join(out) + "\n"
