"""The line a person types into, with no undo history.

prompt-toolkit saves the whole line on its undo stack before nearly every key (each
typed character, each rubbed-out one, each Ctrl-U), and only Enter empties the
stack: a connection typing lines and erasing them with Ctrl-U grew the server by
megabytes a second (issue 34). The line here keeps no copy of itself; Backspace,
Ctrl-W and Ctrl-U still edit it, and the history still recalls earlier lines.
"""

from __future__ import annotations

from prompt_toolkit import PromptSession
from prompt_toolkit.buffer import Buffer


class LineBuffer(Buffer):
    """A prompt-toolkit Buffer that keeps no undo history (undo does nothing)."""

    def save_to_undo_stack(self, clear_redo_stack: bool = True) -> None:
        """Keep nothing: every key would keep another copy of the line."""


class LinePrompt(PromptSession[str]):
    """A PromptSession whose line is a :class:`LineBuffer`."""

    def _create_default_buffer(self) -> Buffer:
        # The session builds its buffer with a dozen of its own settings; the one
        # method that differs is swapped in rather than all of them copied here
        # (prompt-toolkit 3.0: the pin in pyproject.toml, the seam tested in
        # tests/host/test_server_bounds.py).
        buffer = super()._create_default_buffer()
        buffer.__class__ = LineBuffer
        return buffer
