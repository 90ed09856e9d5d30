"""Plain-text renderings for the terminal, a module a family: ``tricks`` (40, 28, 29) and
``rummy``."""
