"""Live recording, as pure functions the Record page draws: where a hand stands, what to offer.

A family a subfolder: ``tricks`` (40, 28, 29) and ``rummy``. What both share stands here: the
sessions being recorded kept for the server (``live``), a session as the room sees it
(``watched``), a table's page on the tournament day (``table``), and the scorer's taps: what every
family's taps share (``taps``), each family's found by name (``tap_families``) and written
(``tap_writer``). ``locate`` derives a recording's position from the archive's log (nothing is
kept elsewhere).
"""
