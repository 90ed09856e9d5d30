"""Rummy's TGN body lines (RUMMY.md §4): read (``body``) and written (``writer``).

The reader (``recorder.tgn.reader``) and the writer (``recorder.tgn.writer``) find them by the
family's name; the trick games' lines are ``recorder.tgn.body`` and the writer's own.
"""
