"""Looking back at a saved game: replay and analysis."""
