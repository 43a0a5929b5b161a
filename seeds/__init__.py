"""Curated deal collections (JSON), checked by the tests; shipped inside the package."""
