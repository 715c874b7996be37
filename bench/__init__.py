"""``python -m bench``: how fast Roundhouse plays, replays and lists moves, per title.

No thresholds: the numbers are printed and written to ``bench/results/<timestamp>.json`` so
runs can be compared across commits and machines.
"""
