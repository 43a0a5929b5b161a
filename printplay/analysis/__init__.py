"""Batch statistics over many deals, difficulty grading and simulations."""
