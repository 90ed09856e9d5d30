"""Recording Rummy live: a table's set-up, where a deal stands, what the page shows, the cards
picked for a declaration, and the scorer's taps turned into archive events.
"""
