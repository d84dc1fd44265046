"""How big each class and each module of a package is, measured the way a reader meets them.

A class is read with everything it inherits from the package: its size is its own lines
(from ``class`` to its last line) plus the lines of every base, mixin and base of a base
defined anywhere in the package, each counted once however many ways it is inherited. A
class that moved half its methods into a mixin is as big as before. Bases from outside the
package (Textual's ``Screen``, ``Generic``) count nothing.

Bases are found without importing anything: each module's source is read, and a base's name
is followed through the module's imports (``from .x import Y``, ``import a.b as c``, a
package's ``__init__`` that imports it again) to the ``class`` statement that defines it.
``tests/test_class_sizes.py`` checks that this agrees with Python's own method resolution
order for every class of chickenfoot.

``python -m tests.sizes`` prints every class and module over its bound.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import chickenfoot

MOST_CLASS_LINES = 400
"""The most lines a class of chickenfoot may have, with its in-package bases."""
MOST_GAME_SCREEN_LINES = 300
"""The most lines the screen a player plays a local game in may have, with its bases."""
MOST_MODULE_LINES = 800
"""The most lines a module of chickenfoot may have."""

PACKAGE = Path(chickenfoot.__file__).parent


@dataclass(frozen=True, order=True)
class ClassPlace:
    """Where a class is defined: its module's dotted name and its qualified name in it."""

    module: str
    name: str

    def __str__(self) -> str:
        return f"{self.module}.{self.name}"


@dataclass(frozen=True)
class _ModuleRef:
    """A name that stands for a module (``import chickenfoot.rules as rules``)."""

    module: str


_Ref = ClassPlace | _ModuleRef | None


@dataclass
class _Module:
    """One module's source: its classes and the names its imports bind."""

    name: str
    path: Path
    is_package: bool
    tree: ast.Module
    lines: int
    classes: dict[str, ast.ClassDef]
    """Every class, by qualified name (``Outer.Inner`` for a nested one)."""
    imported: dict[str, tuple[str, str | None]]
    """Each name an import binds: (the module imported from, the name in it), or (the
    module, None) for ``import a.b as name``."""


def _module_name(package: Path, path: Path) -> tuple[str, bool]:
    parts = [package.name, *path.relative_to(package).with_suffix("").parts]
    if parts[-1] == "__init__":
        return ".".join(parts[:-1]), True
    return ".".join(parts), False


def _classes(body: list[ast.stmt], prefix: str = "") -> Iterator[tuple[str, ast.ClassDef]]:
    """Every class in ``body`` (nested ones too), by qualified name; functions' classes are
    named ``function.<locals>.Class`` as Python names them."""
    for node in body:
        if isinstance(node, ast.ClassDef):
            name = prefix + node.name
            yield name, node
            yield from _classes(node.body, name + ".")
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield from _classes(node.body, f"{prefix}{node.name}.<locals>.")
        elif isinstance(node, ast.If | ast.Try | ast.With):
            branches = [node.body, getattr(node, "orelse", []), getattr(node, "finalbody", [])]
            for handler in getattr(node, "handlers", []):
                branches.append(handler.body)
            for branch in branches:
                yield from _classes(branch, prefix)


def _imports(tree: ast.Module, module: str, is_package: bool) -> dict[str, tuple[str, str | None]]:
    """The names ``tree``'s imports bind, wherever they stand, with what each stands for."""
    bound: dict[str, tuple[str, str | None]] = {}
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            source = node.module or ""
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                source = ".".join([*base, source] if source else base)
            for alias in node.names:
                bound[alias.asname or alias.name] = (source, alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    bound[alias.asname] = (alias.name, None)
                else:
                    top = alias.name.partition(".")[0]
                    bound[top] = (top, None)
    return bound


def _dotted(node: ast.expr) -> list[str] | None:
    """``a.b.C`` as ``["a", "b", "C"]``; a subscripted base (``Base[T]``) as its base."""
    if isinstance(node, ast.Subscript):
        return _dotted(node.value)
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute):
        owner = _dotted(node.value)
        return None if owner is None else [*owner, node.attr]
    return None


class PackageSizes:
    """The classes and modules of one package on disk, and their sizes."""

    def __init__(self, package: Path = PACKAGE) -> None:
        self.package = package
        self.modules: dict[str, _Module] = {}
        for path in sorted(package.rglob("*.py")):
            name, is_package = _module_name(package, path)
            text = path.read_text(encoding="utf-8")
            tree = ast.parse(text, filename=str(path))
            self.modules[name] = _Module(
                name=name,
                path=path,
                is_package=is_package,
                tree=tree,
                lines=len(text.splitlines()),
                classes=dict(_classes(tree.body)),
                imported=_imports(tree, name, is_package),
            )

    # ----- following names --------------------------------------------------------------------

    def _in_module(self, module: str, name: str, following: frozenset[str]) -> _Ref:
        """What ``name`` stands for in ``module`` (a class, a module or nothing of ours)."""
        found = self.modules.get(module)
        if found is None:
            return None
        if name in found.classes:
            return ClassPlace(module, name)
        step = f"{module}:{name}"
        if name in found.imported and step not in following:
            source, imported = found.imported[name]
            if imported is None:
                return _ModuleRef(source) if source in self.modules else None
            return self._in_module(source, imported, following | {step})
        submodule = f"{module}.{name}"
        return _ModuleRef(submodule) if submodule in self.modules else None

    def _resolve(self, module: str, dotted: list[str]) -> ClassPlace | None:
        ref = self._in_module(module, dotted[0], frozenset())
        for part in dotted[1:]:
            if isinstance(ref, _ModuleRef):
                ref = self._in_module(ref.module, part, frozenset())
            elif isinstance(ref, ClassPlace):
                nested = f"{ref.name}.{part}"
                has = nested in self.modules[ref.module].classes
                ref = ClassPlace(ref.module, nested) if has else None
            else:
                return None
        return ref if isinstance(ref, ClassPlace) else None

    def bases(self, place: ClassPlace) -> list[ClassPlace]:
        """The classes of the package ``place`` names as its direct bases, in order."""
        node = self.modules[place.module].classes[place.name]
        found = []
        for base in node.bases:
            dotted = _dotted(base)
            resolved = None if dotted is None else self._resolve(place.module, dotted)
            if resolved is not None:
                found.append(resolved)
        return found

    def ancestors(self, place: ClassPlace) -> set[ClassPlace]:
        """Every class of the package ``place`` inherits from, directly or not."""
        found: set[ClassPlace] = set()
        waiting = self.bases(place)
        while waiting:
            base = waiting.pop()
            if base not in found and base != place:
                found.add(base)
                waiting.extend(self.bases(base))
        return found

    # ----- sizes ----------------------------------------------------------------------------------

    def own_lines(self, place: ClassPlace) -> int:
        """The lines of ``place``'s own ``class`` statement, from its first line to its last."""
        node = self.modules[place.module].classes[place.name]
        assert node.end_lineno is not None
        return node.end_lineno - node.lineno + 1

    def class_lines(self, place: ClassPlace) -> int:
        """``place``'s size: its own lines and those of every class of the package it
        inherits from, each counted once."""
        return self.own_lines(place) + sum(map(self.own_lines, self.ancestors(place)))

    @cached_property
    def classes(self) -> dict[ClassPlace, int]:
        """Every class of the package with its size (see :meth:`class_lines`)."""
        places = [
            ClassPlace(module.name, name)
            for module in self.modules.values()
            for name in module.classes
        ]
        return {place: self.class_lines(place) for place in sorted(places)}

    def classes_over(self, bound: int = MOST_CLASS_LINES) -> dict[ClassPlace, int]:
        """The classes over ``bound`` lines with their bases, with their sizes."""
        return {place: lines for place, lines in self.classes.items() if lines > bound}

    def modules_over(self, bound: int = MOST_MODULE_LINES) -> dict[str, int]:
        """The modules over ``bound`` lines, by file under the package, with their lines."""
        return {
            module.path.relative_to(self.package).as_posix(): module.lines
            for module in self.modules.values()
            if module.lines > bound
        }

    def described(self, place: ClassPlace) -> str:
        """``place``'s size in words: its own lines and each base's."""
        parts = [f"{self.own_lines(place)} own"] + [
            f"{base.name} {self.own_lines(base)}" for base in sorted(self.ancestors(place))
        ]
        return f"{place}: {self.class_lines(place)} lines ({', '.join(parts)})"


def main() -> None:
    """Print every class and module of chickenfoot over its bound, biggest first."""
    sizes = PackageSizes()
    over = sorted(sizes.classes_over().items(), key=lambda item: -item[1])
    print(f"Classes over {MOST_CLASS_LINES} lines with their bases:")
    for place, _lines in over:
        print(f"  {sizes.described(place)}")
    print(f"Modules over {MOST_MODULE_LINES} lines:")
    for path, lines in sorted(sizes.modules_over().items(), key=lambda item: -item[1]):
        print(f"  {path}: {lines} lines")


if __name__ == "__main__":
    main()
