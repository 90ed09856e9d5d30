"""The tournament day run from the archive (TOURNAMENT.md §8–§12): reading the day as it stands
(``source``) and every write of the organiser, the director and the desk (``actions``), which the
pages and ``thuruppu day`` both call."""
