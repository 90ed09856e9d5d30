"""The tricks of a hand once its trump is open, searched in C (``_endgame.c``)."""

class Endgame:
    """One game's pack, trump and table, with the table of bounds its searches share."""

    @property
    def nodes(self) -> int: ...
    def __init__(
        self,
        players: int,
        callers: int,
        trump: int,
        suits: bytes,
        powers: bytes,
        points: bytes,
        bonus: int,
    ) -> None: ...
    def search(self, hands: list[int], leader: int, alpha: int, beta: int) -> int: ...
