"""Rummy's view builders: a deal step by step (``deal``), its table drawn (``table``), the score
sheet (``sheet``), a player's figures (``players``) and the words of its outcomes (``words``).
"""
