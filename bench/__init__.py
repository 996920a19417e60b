"""Benchmarks (`make bench`); see bench/__main__.py."""
