"""The seam with prompt-toolkit (issue 39): the table's SSH session, its prompt and
its input pipe extend prompt-toolkit 3.0 through members that are not its public
API. pyproject.toml pins prompt-toolkit below 3.1; these tests fail, naming the
member, on a release that renames or drops one, before any person at a table
meets the change."""

from __future__ import annotations

import inspect
import os

import prompt_toolkit
from prompt_toolkit import PromptSession
from prompt_toolkit.application.current import create_app_session
from prompt_toolkit.contrib.ssh import PromptToolkitSSHSession
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from vikingcli.table.editing import LineBuffer, LinePrompt
from vikingcli.table.guarded import GuardedSession


async def _nothing(_: PromptToolkitSSHSession) -> None:
    return None


def test_the_pinned_prompt_toolkit_is_a_3_0_release() -> None:
    major, minor = (int(part) for part in prompt_toolkit.__version__.split(".")[:2])
    assert (major, minor) == (3, 0), prompt_toolkit.__version__


def test_the_ssh_session_keeps_its_channel_input_and_output_where_the_table_reads_them() -> None:
    """``connection_made`` keeps the channel in ``_chan``; ``_input`` and ``_output``
    are the session's; ``_interact`` and ``_get_size`` are the methods the table's
    session overrides."""
    session = PromptToolkitSSHSession(_nothing, enable_cpr=False)
    assert session._chan is None and session._input is None and session._output is None
    channel = object()
    session.connection_made(channel)
    assert session._chan is channel
    for name in ("_interact", "_get_size", "data_received", "terminal_size_changed"):
        assert inspect.isfunction(getattr(PromptToolkitSSHSession, name, None)), name
        assert getattr(GuardedSession, name) is not getattr(PromptToolkitSSHSession, name), name


def test_the_pipe_input_has_a_write_end_the_table_writes_to_without_blocking() -> None:
    with create_pipe_input() as pipe:
        fd = pipe.pipe.write_fd  # type: ignore[attr-defined]
        os.set_blocking(fd, False)
        assert os.write(fd, b"x") == 1


def test_the_prompt_builds_its_line_in_the_method_the_table_overrides() -> None:
    assert inspect.isfunction(getattr(PromptSession, "_create_default_buffer", None))
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        assert type(LinePrompt().default_buffer) is LineBuffer
