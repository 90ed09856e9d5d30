"""The engines: pure functions over a ``Record``, no I/O, a package a family or concern.

- ``tricks``: the rules engine of the hidden-trump trick games 40, 28 and 29 (replay, scoring, the
  full-information table and random play);
- ``rummy``: 13-card Rummy's engine;
- ``solver`` and ``fair``: the trick games' coaching solver and fair verdicts;
- ``tournament``: a tournament from the sessions of both families.

Only what every family shares stands here: ``findings``, the catalogue of stable finding codes.
"""
