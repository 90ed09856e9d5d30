"""The faces of Thuruppu for people: the Streamlit app and the ``thuruppu`` command.

A folder a concern, a family a subfolder (``tricks``, ``rummy``, ``tournament``): the page scripts
(``screens``), pure view builders (``views``), live recording (``recording``), the tournament day
(``day``), printing, charts, the command (``cli``) and the server (``server``). What every page
shares stands here: ``state``, ``library``, ``page_writer`` and ``query``. See docs/ARCHITECTURE.md.
"""
