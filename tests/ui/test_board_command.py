"""``scorekeeper board``: found among the other commands, served only where it can listen."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import segno

from screens.board import address
from screens.board import server as board_server
from screens.board.address import is_loopback
from screens.board.command import is_board
from screens.board.server import BoardServer
from screens.console import main
from tests.browser.served import free_port


@pytest.mark.parametrize(
    ("args", "board"),
    [
        (["board"], True),
        (["board", "1a2b3c4d", "--serve"], True),
        (["--db", "somewhere", "board"], True),
        (["--db", "board", "list"], False),  # a store folder named "board"
        (["list"], False),
        ([], False),
        (["--version"], False),
    ],
)
def test_the_launcher_tells_the_board_from_the_other_commands(args: list[str], board: bool) -> None:
    assert is_board(args) is board


def test_a_port_in_use_is_one_line_on_stderr_and_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        status = main(["--db", str(tmp_path), "board", "--serve", "--port", str(port)])
    assert status == 1
    out, err = capsys.readouterr()
    assert err == f"scorekeeper: port {port} on 127.0.0.1 is in use; choose another with --port.\n"
    assert out == ""


def test_a_port_out_of_range_is_refused_before_anything_starts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["board", "--serve", "--port", "70000"]) == 2
    assert "70000 is not a port number" in capsys.readouterr().err


def test_it_serves_this_computer_only_unless_told_at_an_address_that_stays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    started: list[tuple[BoardServer, str, int]] = []

    async def started_only(server: BoardServer, host: str, port: int, ready: Any) -> None:
        started.append((server, host, port))
        ready()

    monkeypatch.setattr(board_server, "until_stopped", started_only)
    monkeypatch.setattr(address, "own_address", lambda: "192.168.1.20")
    port = free_port()
    assert main(["--db", str(tmp_path), "board", "--serve", "--port", str(port)]) == 0
    said = capsys.readouterr().out
    local, host, _ = started[0]
    assert host == "127.0.0.1"
    assert len(local.secret) >= 20
    assert said.startswith(f"Live board at http://127.0.0.1:{port}/{local.secret}/  (Ctrl+C")
    assert "Only this computer can open it" in said
    assert "▀" not in said, "no code to scan for an address no phone can open"
    assert "at most 30 screens" in said
    assert "Anyone on the network" not in said

    lan = ["--serve", "--host", "0.0.0.0", "--port", str(port), "--viewers", "3"]
    assert main(["--db", str(tmp_path), "board", *lan]) == 0
    said = capsys.readouterr().out
    network = started[1][0]
    assert network.secret == local.secret, "the same address from one start to the next"
    url = f"http://192.168.1.20:{port}/{local.secret}/"
    assert said.startswith(f"Live board at {url}  ")
    assert "\n".join(address.qr_lines(url)) in said
    assert network.limits.viewers == 3
    assert "Anyone on the network who has this address can watch" in said

    assert main(["--db", str(tmp_path), "board", "--new-address"]) == 0
    assert "new address" in capsys.readouterr().out
    assert main(["--db", str(tmp_path), "board", "--serve", "--port", str(port)]) == 0
    assert started[2][0].secret != local.secret


def test_the_qr_code_reads_on_any_terminal_with_its_quiet_zone() -> None:
    """Each character is two modules in explicit black and white (the upper one the
    foreground of "▀"), so a light theme does not invert it; four light modules all round."""
    url = "http://192.168.1.20:8000/NHTneHtq95aheXtjNBPIMw/"
    modules = [list(row) for row in segno.make(url, error="l").matrix_iter(border=4)]
    drawn: list[list[int]] = []
    for line in address.qr_lines(url):
        cells = re.findall(r"\x1b\[38;5;(\d+)m\x1b\[48;5;(\d+)m▀", line)
        assert line.endswith("\x1b[0m")
        drawn.append([int(top == "16") for top, _ in cells])
        drawn.append([int(bottom == "16") for _, bottom in cells])
    assert drawn[: len(modules)] == modules
    assert not any(drawn[0]) and not any(row[0] for row in drawn), "the quiet zone"
    assert {color for line in address.qr_lines(url) for color in re.findall(r"5;(\d+)m", line)} == {
        "16",
        "231",
    }


def test_a_viewer_count_out_of_range_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["board", "--serve", "--viewers", "0"]) == 2
    assert "choose 1 to 200" in capsys.readouterr().err


def test_the_board_command_does_not_load_textual_for_the_other_commands(tmp_path: Path) -> None:
    probe = (
        "import contextlib, io, sys\n"
        "from screens.console import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    main(['list', '--db', {str(tmp_path)!r}])\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'aiohttp')))\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert result.stdout.strip() == "[]", result.stderr


def test_loopback_hosts() -> None:
    assert is_loopback("127.0.0.1")
    assert is_loopback("localhost")
    assert is_loopback("::1")
    assert not is_loopback("0.0.0.0")
    assert not is_loopback("192.168.1.20")
