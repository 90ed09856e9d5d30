"""What a person prints: the printables' frame and print stylesheet (``frame``), the score sheets of
both families (``score_sheet``, ``rummy_sheet``), the tournament's notice-board pages
(``tournament``, ``wall_sheet``), the referee's incident report (``incident``, ``incident_report``,
``rules_text``), the pages' Print buttons (``button``) and PDF through Chromium (``pdf``).
"""
