"""Pure view builders of the dashboard: HTML and tables, no Streamlit.

What both families share stands here (cards, plain tables, text, the session list, stepping
through a hand, finding links); a family's own builders are in ``tricks``, ``rummy`` and
``tournament``. The plotly figures are ``dashboard.charts``; the printables ``dashboard.printing``.
"""
