"""The ``thuruppu`` command (CLI.md): ``commands`` (the verbs), ``params`` (their parameters),
``checking`` (``check`` over many files), ``families`` (what each family of games answers to the
commands), ``session_file`` and ``streamed`` (a session read and written one hand at a time),
``fair_report`` (``analyse --fair``), ``process_end`` and the terminal's renderings (``terminal``).
The tournament day's verbs (``thuruppu day``) are ``dashboard.day.commands``.
"""
