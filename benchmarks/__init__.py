"""Benchmarks: ``make bench`` runs every ``bench_*.py`` module here and prints its figures."""
