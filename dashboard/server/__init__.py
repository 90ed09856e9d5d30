"""The dashboard's server: ``launch`` (the Streamlit command line), ``warm`` (the server process,
warmed before it listens), the workers that read uploads and run fair analyses away from the pages
(``upload_worker``, ``fair_worker``), the replays kept between runs (``replay_store``) and a tab's
key kept across reloads (``kept_key``).
"""
