"""The tricks of a hand from any trick start, the trump open or face down, searched in C
(``_endgame.c``)."""

class Endgame:
    """One game's pack, caller, trump and table, with the table of bounds its searches share."""

    @property
    def nodes(self) -> int: ...
    def __init__(
        self,
        players: int,
        caller: int,
        trump: int,
        suits: bytes,
        powers: bytes,
        points: bytes,
        bonus: int,
        retro: bool = True,
        free_lead: bool = False,
        no_hidden_discard: bool = False,
        cuts_with_face_down: bool = False,
        show_on_trump_lead: bool = False,
    ) -> None: ...
    def search(
        self, hands: list[int], leader: int, alpha: int, beta: int, face_down: int = -1
    ) -> int: ...
