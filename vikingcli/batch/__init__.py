"""Headless play: batches of jobs (locally or on Ray), tournaments and their results
file, the sequential test (SPRT) and the HTML report."""
