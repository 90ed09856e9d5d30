"""The dashboard's pages, thin: each draws what ``dashboard.views`` builds and writes through
``dashboard.page_writer``. ``app.py`` runs them with ``st.navigation``; the modules that are not
pages (``record_parts``, ``stepper``, ``turn_choices``, ``fair_panels``, ``rummy/``) are imported by
the pages that share them.
"""
