"""Metrics: per-sentence counts computed from encoded strings."""
