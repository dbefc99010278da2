"""The core of the host, below every front end: the registry of installed games and
player kinds, player specs and seat names, the match driver, the external (``exec``)
bots and the host's own player kinds, and the errors every layer above uses."""
