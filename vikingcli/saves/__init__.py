"""Save files: one schema for reading and writing, atomic writes, and loading a match
by replaying its actions."""
