"""13-card Rummy's value types and record nodes: its cards (``cards``: the pack's cards and the
printed joker) and the body lines of a deal (``model``: joker, open, deals, turns and outcomes).

The trick games' value types and the shared record model (``Record``, ``Hand``) are
``recorder.cards`` and ``recorder.model``; Rummy's TGN lines are read and written by
``recorder.tgn.rummy``.
"""
