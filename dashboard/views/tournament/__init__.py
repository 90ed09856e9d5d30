"""The tournament's view builders: standings, bracket and what is still to play (``overview``), the
Rummy stages (``rummy_stages``), the page's shared build (``shared``), the projector, what is on
now, the day's pages (``day``) and the report (``report``).
"""
