"""Rummy's parts of the pages: its Record page, a deal on Replay, its Scores/Players/Coaching
panels."""
