"""The architecture of the tree, checked by import-linter (and grimp, which it builds on).

* The host's folders, read top to bottom, are its layers (docs/architecture.md,
  "The layers"): a layer imports only the layers below it, and the four layers side
  by side in the middle know nothing of each other. Every folder of the host is in
  a layer: a new one that is not in :data:`HOST_LAYERS` fails the check (only the
  modules of :data:`HOST_OUTSIDE_LAYERS` stand outside).
* The host knows no game and no AI player.
* Games and the AI import only ``vikingcli.engine`` from the host.
* Games and the AI are independent of each other.
* Every game is layered the same way (docs/architecture.md, "A new game").
* No import circle anywhere (a circle through modules of one layer is none of the
  above).

The contracts are built here from the tree (the host's sub-packages, every package
under ``ai/`` and ``plugins/``), not kept in lists: a game added under ``plugins/`` is
checked with no edit anywhere. tox's ``imports`` environment runs::

    python -m tests.architecture [ROOT]

which exits 0 when every contract holds. The packages are analysed from ``ROOT``'s
folders (the working tree by default), not from an installed copy.
"""

from __future__ import annotations

import configparser
import sys
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOST = "vikingcli"
PUBLIC_API = "vikingcli.engine"
"""The one host package that games and the AI may import."""
HOST_LAYERS = ("cli", "server", "table | batch | study | adapters", "saves", "core", "engine")
"""The host's sub-packages from the top down (``|``: side by side, independent)."""
HOST_OUTSIDE_LAYERS = ("__main__", "hookspecs", "testing")
"""The host's modules in no layer: ``python -m vikingcli``, which only starts the CLI,
and the previous plugin API's module names, deprecated aliases of ``vikingcli.engine``
(``vikingcli.engine.compat``)."""
PLUGIN_FOLDERS = {"ai": "the AI players", "plugins": "the games"}
PREFIX = "vikingcli_"
GAME_LAYERS = (
    "game",
    "render | heuristic | rulestext | narrate | schema",
    "codec",
    "view",
    "actions",
    "rules",
    "scoring",
    "state",
    "(board)",
    "data",
)
"""Every game's modules from the top down; ``(board)``: only where the game has one."""


def packages(root: Path, folder: str) -> list[str]:
    """The plugin packages in ``root/folder``: one folder each, named as the package."""
    return sorted(
        p.name
        for p in (root / folder).glob(f"{PREFIX}*")
        if (p / "__init__.py").is_file()
    )


def host_children(root: Path) -> list[str]:
    """The host's sub-packages and modules, by name (``engine``, ``cli``, ``__main__``...)."""
    top = root / HOST
    return sorted(
        p.stem
        for p in top.iterdir()
        if (p.suffix == ".py" and p.name != "__init__.py") or (p / "__init__.py").is_file()
    )


def unlayered(root: Path) -> list[str]:
    """The host's sub-packages and modules at ``root`` that are in no layer of
    :data:`HOST_LAYERS` (nor among :data:`HOST_OUTSIDE_LAYERS`): each fails the check."""
    layered = {name.strip() for layer in HOST_LAYERS for name in layer.split("|")}
    return [c for c in host_children(root) if c not in layered | set(HOST_OUTSIDE_LAYERS)]


def contracts(root: Path) -> dict[str, dict[str, str | list[str]]]:
    """The import-linter contracts of the tree at ``root``, by id."""
    ai = packages(root, "ai")
    games = packages(root, "plugins")
    public_tail = PUBLIC_API.removeprefix(HOST + ".")
    children = host_children(root)
    return {
        "host-layers": {
            "name": f"The host's folders are its layers: {'; '.join(HOST_LAYERS)}",
            "type": "layers",
            "containers": [HOST],
            "layers": list(HOST_LAYERS),
            # Exhaustive: a child of the host in no layer breaks this contract.
            "exhaustive": "true",
            "exhaustive_ignores": [c for c in HOST_OUTSIDE_LAYERS if c in children],
        },
        "host-knows-no-plugin": {
            "name": "The host knows no game and no AI player",
            "type": "forbidden",
            "source_modules": [HOST],
            "forbidden_modules": [*ai, *games],
        },
        "public-api": {
            "name": f"Games and the AI import only {PUBLIC_API} of the host",
            "type": "forbidden",
            "source_modules": [*ai, *games],
            "forbidden_modules": [
                f"{HOST}.{child}" for child in host_children(root) if child != public_tail
            ],
        },
        "plugins-independent": {
            "name": "Games and the AI are independent of each other",
            "type": "independence",
            "modules": [*ai, *games],
        },
        "games-layered": {
            "name": "Every game is layered the same way",
            "type": "layers",
            "containers": games,
            "layers": list(GAME_LAYERS),
            "exhaustive": "true",
        },
    }


def write_config(root: Path, path: Path) -> None:
    """An import-linter configuration file (INI) for the tree at ``root``."""
    config = configparser.ConfigParser(interpolation=None)
    config.optionxform = str  # type: ignore[assignment,method-assign]
    names = [HOST, *packages(root, "ai"), *packages(root, "plugins")]
    config["importlinter"] = {"root_packages": _lines(names)}
    for ident, contract in contracts(root).items():
        config[f"importlinter:contract:{ident}"] = {
            key: value if isinstance(value, str) else _lines(value)
            for key, value in contract.items()
        }
    with path.open("w", encoding="utf-8") as fh:
        config.write(fh)


def _lines(values: Iterable[str]) -> str:
    return "".join(f"\n{v}" for v in values)


def _analyse_from(root: Path) -> None:
    """Make ``root``'s packages the ones imported (and analysed), ahead of any
    installed copy."""
    for folder in reversed([root, *(root / f for f in PLUGIN_FOLDERS)]):
        sys.path.insert(0, str(folder))


def lint(root: Path = ROOT) -> bool:
    """Run every contract on the tree at ``root``; ``True`` when all hold."""
    _analyse_from(root)
    from importlinter.api import read_configuration  # noqa: F401  (configures import-linter)
    from importlinter.application.use_cases import lint_imports

    with tempfile.TemporaryDirectory() as tmp:
        config = Path(tmp) / "importlinter.ini"
        write_config(root, config)
        return bool(lint_imports(config_filename=str(config), cache_dir=None, no_logo=True))


def cycles(root: Path = ROOT) -> list[list[str]]:
    """The import circles among the modules of the tree at ``root`` (each a strongly
    connected component of the import graph, imports under ``TYPE_CHECKING``
    included), largest first; empty when there is none."""
    _analyse_from(root)
    import grimp

    names = [HOST, *packages(root, "ai"), *packages(root, "plugins")]
    graph = grimp.build_graph(*names, cache_dir=None)
    edges = {m: sorted(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
    return sorted(_strongly_connected(edges), key=lambda c: (-len(c), c))


def _strongly_connected(edges: dict[str, Sequence[str]]) -> list[list[str]]:
    """Tarjan's algorithm without recursion: the components of more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, 0)]
        while work:
            node, i = work.pop()
            if i == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
                on_stack.add(node)
            targets = [t for t in edges[node] if t in edges]
            if i < len(targets):
                work.append((node, i + 1))
                target = targets[i]
                if target not in index:
                    work.append((target, 0))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return found


def main(argv: Sequence[str] = ()) -> int:
    root = Path(argv[0]).resolve() if argv else ROOT
    ok = lint(root)
    outside = unlayered(root)
    for name in outside:
        print(
            f"{HOST}/{name} is in no layer: add it to HOST_LAYERS in tests/architecture.py"
            " and to docs/architecture.md"
        )
    circles = cycles(root)
    for circle in circles:
        print(f"import circle: {' -> '.join(circle)}")
    if not circles:
        print("No import circles.")
    return 0 if ok and not outside and not circles else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
