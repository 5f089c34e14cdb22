"""A server killed outright leaves no process behind: its bot workers and the pool's
resource tracker exit on their own within seconds (issue 18)."""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

import pytest

from .test_durability import create, running_server, wait_for_human

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(),
                                reason="reads the process table from /proc (Linux)")


def parent_of(pid: int) -> int | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat.rsplit(")", 1)[1].split()  # the name may hold spaces and parentheses
    return None if fields[0] == "Z" else int(fields[1])  # a zombie has exited already


def descendants(root: int) -> set[int]:
    parents = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (ppid := parent_of(int(entry))) is not None:
            parents[int(entry)] = ppid
    found: set[int] = set()
    frontier = {root}
    while frontier:
        frontier = {pid for pid, ppid in parents.items() if ppid in frontier} - found
        found |= frontier
    return found


def alive(pids: set[int]) -> set[int]:
    return {pid for pid in pids if parent_of(pid) is not None}


@pytest.mark.skipif(sys.platform == "win32", reason="uses POSIX signals")
def test_bot_workers_exit_when_the_server_is_killed(tmp_path: Path) -> None:
    with running_server(["--db", str(tmp_path / "m.sqlite3")]) as client:
        match = create(client, "splendor", [{"kind": "bot", "bot": "random"},
                                            {"kind": "human", "name": "Ann"}])
        wait_for_human(client, match)  # the bot has moved: its worker pool is running
        server = _listener(client.base_url.port)  # the server: the process listening
        workers = descendants(server)
        assert workers, "the bot's move started no worker process"
        os.kill(server, signal.SIGKILL)  # the server only: no shutdown code runs
        deadline = time.monotonic() + 10
        while alive(workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not alive(workers), f"orphaned after the server's SIGKILL: {alive(workers)}"


def _listener(port: int | None) -> int:
    """The pid of the process holding the listening socket on ``port``."""
    assert port is not None
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if int(fields[1].rsplit(":", 1)[1], 16) == port and fields[3] == "0A":  # LISTEN
                inodes.add(fields[9])
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fds = os.listdir(f"/proc/{entry}/fd")
        except OSError:
            continue
        for fd in fds:
            try:
                target = os.readlink(f"/proc/{entry}/fd/{fd}")
            except OSError:
                continue
            if target.startswith("socket:[") and target[8:-1] in inodes:
                return int(entry)
    raise AssertionError(f"no process listens on port {port}")
