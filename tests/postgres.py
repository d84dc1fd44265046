"""A PostgreSQL server of the tests' own, started from the system's server binaries.

:class:`PostgresServer` makes a cluster in a temporary folder (``initdb``), starts it on a
Unix socket in that folder only (no TCP port: nothing else on the machine can reach it, and
two servers never clash), hands out a fresh database per test (``CREATE DATABASE … TEMPLATE``
of an empty store, tens of milliseconds) and stops at the end (``pg_ctl stop``), removing the
folder. Each pytest-xdist worker starts its own (its folder is named by the worker).

PostgreSQL's server refuses to run as root, and tests (and CI) may run as root: then the
cluster is made and run as the system's ``postgres`` user (``runuser -u postgres --``), which
owns the folder. Debian's ``postgresql`` package installs the binaries
(``/usr/lib/postgresql/<version>/bin``) and that user; ``.ci/run`` installs it when missing.
Its own cluster (``pg_lsclusters``) is neither used nor needed.

:func:`unavailable` says why PostgreSQL cannot be had here (no server binaries, no driver, no
user to run it as), so the tests that need it skip saying so.

The server runs with ``fsync`` off (unless made ``durable``, as a benchmark's is): a test
never survives a power cut, and commits are quicker. The cluster trusts local connections,
except the role :data:`GUARDED` which must give its password (:data:`GUARDED_PASSWORD`), for
the test of a refused password.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

BINARIES = Path("/usr/lib/postgresql")
"""Where Debian's ``postgresql`` package puts each version's server binaries."""

SERVER_USER = "postgres"
"""The system user the server runs as when the tests run as root."""

SUPERUSER = "postgres"
"""The cluster's superuser (``initdb -U``), who makes and drops the tests' databases."""

TEMPLATE = "chickenfoot_template"
"""An empty store (its schema made): every test's database is a copy of it."""

GUARDED = "guarded"
"""A role that must give its password (every other local connection is trusted)."""

GUARDED_PASSWORD = "right horse battery"
"""Its password (no quote in it: it is written into the statement that makes the role)."""
"""Its password (no quote in it: it is written into the statement that makes the role)."""

START_SECONDS = 120
"""How long ``pg_ctl`` waits for the server to start or stop (a loaded machine is slow)."""


def server_binaries() -> Path | None:
    """The newest installed PostgreSQL's ``bin`` folder with ``initdb`` and ``pg_ctl``."""
    if not BINARIES.is_dir():
        return None
    found = [
        folder / "bin"
        for folder in BINARIES.iterdir()
        if (folder / "bin" / "initdb").is_file() and (folder / "bin" / "pg_ctl").is_file()
    ]

    def version(path: Path) -> tuple[int, ...]:
        return tuple(int(part) for part in path.parent.name.split(".") if part.isdigit())

    return max(found, key=version, default=None)


def unavailable() -> str | None:
    """Why PostgreSQL cannot be had for the tests here, or None if it can."""
    try:
        import psycopg  # noqa: F401
        import psycopg_pool  # noqa: F401
    except ImportError:
        return "psycopg is not installed (the dev dependency group installs it)"
    if server_binaries() is None:
        return (
            f"no PostgreSQL server binaries in {BINARIES} "
            "(Debian's package: apt-get install postgresql)"
        )
    if os.geteuid() == 0:
        try:
            pwd.getpwnam(SERVER_USER)
        except KeyError:
            return f"running as root, and there is no {SERVER_USER!r} user to run PostgreSQL as"
        if shutil.which("runuser") is None:
            return "running as root, and there is no runuser to run PostgreSQL as another user"
    return None


class PostgresServer:
    """A PostgreSQL cluster in ``folder``'s subfolder, on a Unix socket there (see the
    module's description)."""

    def __init__(self, name: str, *, durable: bool = False) -> None:
        binaries = server_binaries()
        assert binaries is not None, unavailable()
        self.binaries = binaries
        self.folder = Path(tempfile.mkdtemp(prefix=f"chickenfoot-pg-{name}-"))
        """The socket's folder and the cluster's parent (short: a socket's path is limited
        to about 100 characters)."""
        self.data = self.folder / "data"
        self._as_root = os.geteuid() == 0
        if self._as_root:
            account = pwd.getpwnam(SERVER_USER)
            os.chown(self.folder, account.pw_uid, account.pw_gid)
        self.folder.chmod(0o755)
        self._numbers = itertools.count(1)
        self.durable = durable
        """True: the server waits for its disk as a real one does (benchmarks); False: it
        never does (``fsync`` off: tests, which never survive a power cut)."""
        self.running = False

    # ----- the server ------------------------------------------------------------------------

    def _run(self, program: str, *arguments: str) -> None:
        command = [str(self.binaries / program), *arguments]
        if self._as_root:
            command = ["runuser", "-u", SERVER_USER, "--", *command]
        done = subprocess.run(
            command,
            capture_output=True,
            text=True,
            timeout=START_SECONDS + 30,
            check=False,
            cwd=self.folder,
        )
        assert done.returncode == 0, f"{program} failed: {done.stdout}{done.stderr}"

    def start(self) -> None:
        """Make the cluster, start it, and make the template store."""
        self._run(
            "initdb",
            "--pgdata",
            str(self.data),
            "--username",
            SUPERUSER,
            "--auth",
            "trust",
            "--encoding",
            "UTF8",
            "--locale",
            "C.UTF-8",
            "--no-sync",
        )
        (self.data / "pg_hba.conf").write_text(
            f"local all {GUARDED} scram-sha-256\nlocal all all trust\n", encoding="utf-8"
        )
        settings = {
            "listen_addresses": "''",
            "unix_socket_directories": f"'{self.folder}'",
            "fsync": "on" if self.durable else "off",
            "full_page_writes": "on" if self.durable else "off",
            "shared_buffers": "16MB",
            "max_connections": "60",
            "log_min_messages": "warning",
        }
        options = " ".join(f"-c {name}={value}" for name, value in settings.items())
        self._run(
            "pg_ctl",
            "--pgdata",
            str(self.data),
            "--log",
            str(self.folder / "server.log"),
            "--options",
            options,
            "--wait",
            "--timeout",
            str(START_SECONDS),
            "start",
        )
        self.running = True
        self.admin(f"CREATE ROLE {GUARDED} LOGIN PASSWORD '{GUARDED_PASSWORD}'")
        self.admin(f"CREATE DATABASE {TEMPLATE}")
        from chickenfoot.saves.postgresql import PostgresStore

        PostgresStore(self.address(TEMPLATE)).close()  # the schema made once, copied after

    def stop(self) -> None:
        """Stop the server (at once: its data is thrown away) and remove its folder."""
        if self.running:
            self.running = False
            self._run(
                "pg_ctl",
                "--pgdata",
                str(self.data),
                "--mode",
                "immediate",
                "--wait",
                "--timeout",
                str(START_SECONDS),
                "stop",
            )
        shutil.rmtree(self.folder, ignore_errors=True)

    # ----- addresses and databases -----------------------------------------------------------

    def address(self, database: str, user: str = SUPERUSER, password: str | None = None) -> str:
        """The ``postgresql://`` address of ``database`` on this server's socket."""
        secret = "" if password is None else ":" + quote(password, safe="")
        return f"postgresql://{user}{secret}@/{database}?host={quote(str(self.folder))}"

    def admin(self, statement: str, parameters: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Run one statement as the superuser in the ``postgres`` database (outside any
        transaction: it may make or drop databases); its rows."""
        return self.execute("postgres", statement, parameters)

    def execute(
        self, database: str, statement: str, parameters: Sequence[Any] = ()
    ) -> list[tuple[Any, ...]]:
        """Run one statement in ``database`` as the superuser; its rows (none if it returns
        none)."""
        import psycopg

        with psycopg.connect(self.address(database), autocommit=True) as connection:
            cursor = connection.execute(statement, parameters)
            return cursor.fetchall() if cursor.description is not None else []

    def new_database(self, *, empty: bool = False) -> str:
        """A new database's name: a copy of the template store (``empty``: a database with
        nothing in it, as a server's administrator makes one)."""
        name = f"test_{next(self._numbers)}"
        template = "template0" if empty else TEMPLATE
        self.admin(f"CREATE DATABASE {name} TEMPLATE {template}")
        return name

    def drop_database(self, name: str) -> None:
        """Drop ``name`` (connections still open to it are ended)."""
        self.admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    @contextlib.contextmanager
    def database(self, *, empty: bool = False) -> Iterator[str]:
        """A new database (see :meth:`new_database`) for the block, dropped after."""
        name = self.new_database(empty=empty)
        try:
            yield name
        finally:
            self.drop_database(name)


@contextlib.contextmanager
def running_server(name: str, *, durable: bool = False) -> Iterator[PostgresServer]:
    """A server started for the block and stopped after (see :class:`PostgresServer`)."""
    server = PostgresServer(name, durable=durable)
    try:
        server.start()
        yield server
    finally:
        server.stop()
