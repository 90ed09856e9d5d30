"""The trick games' (40, 28, 29) view builders: the Replay table and moment, what a seat knows
(``sight``), the scores and players' data, the analysis and fair verdicts, undertakings in words.
"""
