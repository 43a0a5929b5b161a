"""Shared Jinja2 templates: rulebook partials and macros, the words of sheets and walkthroughs."""
