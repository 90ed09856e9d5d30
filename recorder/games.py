"""The three games as data: players, pack, rank order, card points and calling limits.

This is the one place where card codes meet their points; the rules engine adds behaviour per game
on top of these facts (``replay.tricks.games``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from recorder.cards import SUITS, Card, Suit


@dataclass(frozen=True)
class GameSpec:
    """The fixed facts of one game."""

    name: str
    players: int
    hand_size: int
    ranks: str
    """Ranks in a suit, high to low."""
    points: dict[str, int] = field(hash=False)
    """Card points by rank; ranks not listed count 0."""
    min_bid: int
    max_bid: int
    honours: bool
    """Whether calls above 29 are Honours calls (40)."""
    bid_split: int = 0
    """Cards dealt before the calling (29: 4); 0 when all cards are dealt first."""
    last_trick_bonus: int = 0

    @property
    def pack(self) -> tuple[Card, ...]:
        """Every card of the game, suit by suit, high to low."""
        return tuple(Card(rank, suit) for suit in SUITS for rank in self.ranks)

    @property
    def card_points_total(self) -> int:
        return 4 * sum(self.points.get(rank, 0) for rank in self.ranks)

    @property
    def total_points(self) -> int:
        """Card points plus the last-trick point where the game has it."""
        return self.card_points_total + self.last_trick_bonus

    def has(self, card: Card) -> bool:
        return card.rank in self.ranks

    def point(self, card: Card) -> int:
        return self.points.get(card.rank, 0)

    def strength(self, card: Card) -> int:
        """Higher is stronger within a suit."""
        return len(self.ranks) - self.ranks.index(card.rank)

    def suit_cards(self, suit: Suit) -> tuple[Card, ...]:
        return tuple(Card(rank, suit) for rank in self.ranks)

    @property
    def ranks_text(self) -> str:
        """The ranks as the reader's messages list them: ``J 3 9 A T K Q 8 7``."""
        return " ".join(self.ranks)


GAMES: dict[str, GameSpec] = {
    "40": GameSpec(
        name="40",
        players=6,
        hand_size=6,
        ranks="J39ATKQ87",
        points={"J": 3, "3": 3, "9": 2, "A": 1, "T": 1},
        min_bid=20,
        max_bid=40,
        honours=True,
    ),
    "28": GameSpec(
        name="28",
        players=6,
        hand_size=6,
        ranks="J9ATKQ876",
        points={"J": 3, "9": 2, "A": 1, "T": 1},
        min_bid=16,
        max_bid=28,
        honours=False,
    ),
    "29": GameSpec(
        name="29",
        players=4,
        hand_size=8,
        ranks="J9ATKQ87",
        points={"J": 3, "9": 2, "A": 1, "T": 1},
        min_bid=16,
        max_bid=28,
        honours=False,
        bid_split=4,
        last_trick_bonus=1,
    ),
}


def game_spec(name: str) -> GameSpec:
    """The spec of a game by its TGN name; raises KeyError for an unknown game."""
    return GAMES[name]


@dataclass(frozen=True)
class Family:
    """A family of games read, judged and scored alike: the trick games, or Rummy.

    Each layer keeps its own table keyed by the family's ``name`` (the reader's body parser, the
    writer's body lines, the engine, the command's renderings), so no shared code tests a game.
    """

    name: str
    seats: dict[str, tuple[int, int]] = field(hash=False)
    """The fewest and the most players of each game of the family."""
    body: str | None = None
    """The ``Hand`` field holding this family's own body lines, when it has one."""

    @property
    def games(self) -> tuple[str, ...]:
        return tuple(self.seats)


FAMILIES: dict[str, Family] = {
    "trick": Family("trick", {name: (spec.players, spec.players) for name, spec in GAMES.items()}),
    "rummy": Family("rummy", {"rummy": (2, 7)}, body="rummy"),
}
_FAMILY_OF_GAME = {game: family for family in FAMILIES.values() for game in family.games}
#: Every game name, as messages list them: ``40, 28, 29 or rummy``.
GAME_NAMES_TEXT = ", ".join(list(_FAMILY_OF_GAME)[:-1]) + " or " + list(_FAMILY_OF_GAME)[-1]


def family_of(game: str) -> Family | None:
    """The family a game belongs to, or ``None`` for an unknown game."""
    return _FAMILY_OF_GAME.get(game.strip())


def family_name(game: str) -> str:
    """The family's name of a game; an unknown game is read and written as a trick game."""
    family = family_of(game)
    return family.name if family else "trick"
