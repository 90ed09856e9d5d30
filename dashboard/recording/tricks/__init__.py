"""Recording a trick game live (40, 28, 29): where a hand stands (``position``), what to offer
(``offers``), what the scorer sees (``view``, ``summary``), the set-up (``setup``) and the clicks
turned into archive events (``clicks``).
"""
