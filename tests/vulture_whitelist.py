"""Names vulture reports as unused that are used, by a framework or by hand.

vulture (tox's ``lint`` environment: ``vulture``, configured in pyproject.toml) finds
code nothing calls; it reads names, not calls, so a method that asyncssh,
prompt-toolkit, OpenSpiel, PettingZoo, pytest or Typer calls by its name, or a field
read as data, looks unused to it. Each is listed here, by name, under who uses it.
A name added here must be such a false positive: dead code is removed instead.
This file is only read by vulture, never imported.
"""
# ruff: noqa: B018, F821

# asyncssh calls these on its server and session objects (vikingcli/server/listen.py,
# vikingcli/server/screen.py, vikingcli/table/ssh.py), with these parameter names.
_.connection_made
_.begin_auth
_.public_key_auth_supported
_.validate_public_key
_.password_auth_supported
_.kbdint_auth_supported
_.get_kbdint_challenge
_.session_requested
_.exec_requested
_.eof_received
_.break_received
_.terminal_size_changed
pixwidth, pixheight, msec, lang, submethods

# prompt-toolkit: methods and attributes it reads on its objects (the SSH session's
# _interact, Buffer.save_to_undo_stack, Application's render settings and hooks).
_._interact
_.save_to_undo_stack
clear_redo_stack
_.max_render_postpone_time
_.min_redraw_interval
_.before_render
_.after_render

# OpenSpiel calls these on a Python game and its states and observers
# (vikingcli/adapters/openspiel.py); copy.deepcopy passes ``memo``.
_.make_py_observer
_._legal_actions
_.chance_outcomes
_._apply_action
_._action_to_string
_.is_terminal
_.resample_from_infostate
_.set_from
_.string_from
_.restart_at
_.inform_action
memo

# PettingZoo's AEC API (vikingcli/adapters/pettingzoo.py): the module-level ``env``
# factory and what its environments provide.
env
_.metadata
_.observation_space
_.action_space
_.observe

# Python calls these by name: a module's __getattr__ (PEP 562), a signal handler's
# ``frame``; mypyc reads the decorator's arguments (vikingcli/engine/flat.py).
__getattr__
frame
attrs, kwattrs

# pytest reads these (the conformance suite, vikingcli/engine/testing.py).
_.pytestmark
pytest_configure

# Typer: the app's callback (vikingcli/cli/app.py), registered by a decorator.
_main

# Key bindings and handlers registered by a decorator and named ``_``.
_

# Data: keys of a TypedDict read with .get() (vikingcli/batch/jobs.py), fields of a
# dataclass written out as JSON (vikingcli/study/analysis.py) or given to callers of
# the Python API (vikingcli/batch/play_tournament.py).
seat_moves
save_name
best_margin
win_share
mean_score
joint_elo

# Rules written down as named constants, cited by docs/rules/wikinger.md and
# docs/rules/walhalla.md, though the code relies on the one value they name.
BOW_OUT
BANK_UNLIMITED
RULING_AUTO_EXCHANGE
RULING_NEGATIVE_VP

# The previous plugin API's spellings, kept for one release with a DeprecationWarning for
# plugins that still call them (vikingcli/engine/flat.py; CHANGELOG.md, "Deprecated").
compute_legal
