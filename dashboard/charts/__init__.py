"""The dashboard's charts: the plotly figures of the Scores and Players pages (``figures`` for the
trick games, ``rummy`` for Rummy), every axis pinned before it is sent (``axes``), and the chart
component that draws them in the page (``chart`` with its scripts).
"""
