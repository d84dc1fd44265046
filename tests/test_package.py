"""Ready to publish: the sdist and the wheel build, the wheel installs into a clean virtual
environment and runs there, and what a package index shows is whole.

The build and the install use uv (a test tool of the ``dev`` group), which fetches the build
backend and chickenfoot's dependencies from the package index as a user's install would; the
installed ``chickenfoot`` runs from a folder outside this checkout, so nothing of the
checkout is on its path.
"""

from __future__ import annotations

import email
import email.message
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from html.parser import HTMLParser
from pathlib import Path

from readme_renderer import markdown

import chickenfoot

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
SOURCE = PROJECT["urls"]["Source"]
INDEX_README = ROOT / PROJECT["readme"]["file"]
INSTALL_LIMIT = 600
"""Seconds a build or an install may take (they fetch from the package index)."""
LEFT_OUT = shutil.ignore_patterns(
    ".git", ".venv", "__pycache__", "*.egg-info", "build", "dist", ".*_cache", ".hypothesis"
)
"""What a copy of the checkout leaves out: caches and installs, never the project's files."""


class Addresses(HTMLParser):
    """Every link and picture address of an HTML page (``href`` and ``src``)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Keep the tag's address, if it has one."""
        self.found.extend(value for name, value in attrs if name in ("href", "src") and value)


def rendered_index_page() -> str:
    """The index page as PyPI renders it (readme_renderer, GitHub-flavoured Markdown)."""
    html = markdown.render(INDEX_README.read_text(encoding="utf-8"))
    assert html is not None, "PyPI could not render the page"
    return html


def repository_file(address: str) -> Path | None:
    """The file of this repository that ``address`` names on its host (None: not one)."""
    owner_and_name = SOURCE.removeprefix("https://github.com/")
    for prefix in (
        f"{SOURCE}/blob/main/",
        f"{SOURCE}/raw/main/",
        f"https://raw.githubusercontent.com/{owner_and_name}/main/",
    ):
        if address.startswith(prefix):
            return ROOT / address.removeprefix(prefix).split("#")[0]
    if address.split("#")[0] in (SOURCE, f"{SOURCE}/"):
        return ROOT / "README.md"
    return None


def test_the_index_page_links_only_to_absolute_addresses_that_exist() -> None:
    page = Addresses()
    page.feed(rendered_index_page())
    found = [address for address in page.found if not address.startswith("#")]
    assert any(address.endswith((".svg", ".png")) for address in found), "it shows a picture"
    for address in found:
        assert address.startswith("https://"), f"{address} would not work on a package index"
        file = repository_file(address)
        if address.startswith(SOURCE) or "githubusercontent" in address:
            assert file is not None and file.is_file(), f"{address} names no file of ours"


def test_the_index_page_has_the_install_lines() -> None:
    page = INDEX_README.read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for line in ("pipx install chickenfoot", "uv tool install chickenfoot", "uvx chickenfoot"):
        assert line in page and line in readme


def test_the_version_is_written_once() -> None:
    assert "version" not in PROJECT and "version" in PROJECT["dynamic"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", chickenfoot.__version__)


def test_the_changelog_keeps_a_changelog() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert text.startswith("# Changelog\n") and "keepachangelog.com" in text
    headings = re.findall(r"^## (.+)$", text, re.MULTILINE)
    assert headings[0] == "[Unreleased]"
    for heading in headings[1:]:
        assert re.fullmatch(r"\[\d+\.\d+\.\d+\] - \d{4}-\d{2}-\d{2}", heading), heading
    released = [heading.split("]")[0][1:] for heading in headings[1:]]
    assert chickenfoot.__version__ in released or f"will be {chickenfoot.__version__}" in text
    sections = re.findall(r"^### (.+)$", text, re.MULTILINE)
    kinds = {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}
    assert sections and set(sections) <= kinds


HEADLESS_MENU = """
import asyncio
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.screens.menu import MenuScreen

async def main():
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        while not isinstance(app.screen, MenuScreen):
            await pilot.pause()
        menu = app.screen.query_one("#menu-options")
        print(", ".join(menu.words[option.id] for option in menu.options[:3]))

asyncio.run(main())
"""
"""Opens the installed app's menu without a terminal (its styles and screens are packed)."""


def uv(*arguments: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run uv (this environment's) with ``arguments``; fail with its output if it fails."""
    finished = subprocess.run(
        [sys.executable, "-m", "uv", *map(str, arguments)],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=INSTALL_LIMIT,
        check=False,
    )
    assert finished.returncode == 0, f"uv {' '.join(map(str, arguments))}:\n{finished.stderr}"
    return finished


def wheel_metadata(wheel: Path) -> email.message.Message:
    """The METADATA of ``wheel``."""
    with zipfile.ZipFile(wheel) as files:
        name = next(name for name in files.namelist() if name.endswith(".dist-info/METADATA"))
        return email.message_from_string(files.read(name).decode("utf-8"))


def test_the_wheel_installs_in_a_clean_environment_and_plays(tmp_path: Path) -> None:
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=LEFT_OUT)
    uv("build", "--out-dir", tmp_path / "dist", source, cwd=tmp_path)  # the sdist, then from it
    (sdist,) = (tmp_path / "dist").glob("chickenfoot-*.tar.gz")
    (wheel,) = (tmp_path / "dist").glob("chickenfoot-*.whl")
    assert wheel.name.startswith(f"chickenfoot-{chickenfoot.__version__}-py3-none-any")
    assert sdist.name == f"chickenfoot-{chickenfoot.__version__}.tar.gz"

    with zipfile.ZipFile(wheel) as files:
        packed = set(files.namelist())
    ours = {
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "chickenfoot").rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    assert ours <= packed, f"left out of the wheel: {sorted(ours - packed)}"
    assert not any(name.startswith("tests/") for name in packed)

    metadata = wheel_metadata(wheel)
    assert metadata["Version"] == chickenfoot.__version__
    assert metadata["License-Expression"] == "MIT"
    assert metadata.get_payload() == INDEX_README.read_text(encoding="utf-8")
    assert metadata["Description-Content-Type"].startswith("text/markdown")
    urls = dict(url.split(", ", 1) for url in metadata.get_all("Project-URL") or [])
    assert {"Homepage", "Source", "Issues", "Changelog"} <= set(urls)
    classifiers = metadata.get_all("Classifier") or []
    assert "Topic :: Games/Entertainment :: Board Games" in classifiers
    assert "dominoes" in (metadata["Keywords"] or "")

    environment = tmp_path / "clean"
    uv("venv", "--quiet", "--python", sys.executable, environment, cwd=tmp_path)
    python = environment / ("Scripts" if os.name == "nt" else "bin") / "python"
    uv("pip", "install", "--quiet", "--python", python, wheel, cwd=tmp_path)

    variables = {name: value for name, value in os.environ.items() if not name.startswith("PYTHON")}
    variables["CHICKENFOOT_DATA_DIR"] = str(tmp_path / "data")
    command = python.parent / "chickenfoot"

    def run(*words: str | Path) -> subprocess.CompletedProcess[str]:
        """Run ``words`` in the clean environment, from a folder outside this checkout."""
        return subprocess.run(
            list(map(str, words)),
            capture_output=True,
            text=True,
            cwd=tmp_path,
            env=variables,
            timeout=120,
            check=False,
        )

    galician = {**variables, "LANGUAGE": "gl"}
    refused = subprocess.run(
        [str(command), "--language", "xx"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=galician,
        timeout=120,
        check=False,
    )
    assert (refused.returncode, refused.stderr.splitlines()[0]) == (
        2,
        "chickenfoot: --language: aquí non hai ningunha lingua «xx»; as linguas son: "
        "en (English), gl (Galego), es (Español), he (עברית)",
    ), "the installed copy reads its compiled catalogues"
    version = run(command, "--version")
    assert (version.returncode, version.stdout) == (0, f"chickenfoot {chickenfoot.__version__}\n")
    simulated = run(
        command, "simulate", "--games", "3", "--seed", "5", "--players", "2", "--rounds", "1"
    )
    assert simulated.returncode == 0, simulated.stderr
    assert "Simulating 3 games, seed 5" in simulated.stdout
    where = run(python, "-c", "import chickenfoot; print(chickenfoot.__file__)")
    assert Path(where.stdout.strip()).is_relative_to(environment), "it ran the installed copy"
    menu = run(python, "-c", HEADLESS_MENU)
    assert (menu.returncode, menu.stdout) == (0, "New game, Join a table, Load game\n"), menu.stderr
