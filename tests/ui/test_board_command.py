"""``scorekeeper board``: found among the other commands, served only where it can listen."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

from screens.board import serve as serve_board
from screens.board.address import own_address
from screens.board.command import is_board
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


def test_it_serves_this_computer_only_unless_told_at_a_secret_address_with_its_qr_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[serve_board.BoardServer] = []
    monkeypatch.setattr(serve_board.BoardServer, "serve", lambda server: started.append(server))
    port = free_port()
    assert main(["--db", str(tmp_path), "board", "--serve", "--port", str(port)]) == 0
    (local,) = started
    assert (local.host, local.port) == ("127.0.0.1", port)
    assert local.url == f"http://127.0.0.1:{port}/{local.token}/"
    assert len(local.token) >= 20
    said = local.announcement()
    assert said.startswith(f"Live board at {local.url}  (Ctrl+C stops it)")
    assert "▀" in said and "▄" in said, "the address as a QR code"
    assert "at most 10 screens" in said
    assert "Anyone on the network" not in said

    lan = ["--serve", "--host", "0.0.0.0", "--port", str(port), "--viewers", "3"]
    assert main(["--db", str(tmp_path), "board", *lan]) == 0
    network = started[1]
    assert network.url.startswith(f"http://{own_address()}:{port}/")
    assert network.token != local.token, "a new secret at each start"
    assert network.limits.viewers == 3
    assert "Anyone on the network who has this address can watch" in network.announcement()
    assert network.argv[network.argv.index("--db") + 1] == str(tmp_path.resolve())


def test_a_viewer_count_out_of_range_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["board", "--serve", "--viewers", "0"]) == 2
    assert "choose 1 to 100" in capsys.readouterr().err


def test_the_board_command_does_not_load_textual_for_the_other_commands(tmp_path: Path) -> None:
    probe = (
        "import contextlib, io, sys\n"
        "from screens.console import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    main(['list', '--db', {str(tmp_path)!r}])\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'textual_serve')))\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert result.stdout.strip() == "[]", result.stderr


def test_loopback_hosts() -> None:
    assert serve_board.is_loopback("127.0.0.1")
    assert serve_board.is_loopback("localhost")
    assert serve_board.is_loopback("::1")
    assert not serve_board.is_loopback("0.0.0.0")
    assert not serve_board.is_loopback("192.168.1.20")
