"""The rulebook sources (Markdown + Jinja2), one per game; shipped inside the package."""
