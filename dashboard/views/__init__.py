"""Pure view builders of the dashboard: HTML, tables and plotly figures, no Streamlit."""
