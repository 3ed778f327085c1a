"""Where the board can be opened: whether the server can listen, the address a browser on
the network opens, and the banner with its QR code for a phone's camera.

The code is drawn in explicit black and white (not the terminal's own colours, which a
light theme inverts) with the quiet zone a camera needs, and only for an address a phone
can reach: a board served on this computer alone says so instead.
"""

from __future__ import annotations

import ipaddress
import socket

import segno


def is_loopback(host: str) -> bool:
    """Whether only this computer can reach ``host`` (a name counts by what it resolves to)."""
    try:
        found = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except OSError:
        return False
    return all(ipaddress.ip_address(str(info[4][0]).split("%")[0]).is_loopback for info in found)


def cannot_listen(host: str, port: int) -> str | None:
    """Why the server could not listen on ``host``:``port``, found before it starts."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as error:
        return f"cannot serve on {host!r}: {error.strerror or error}."
    family, kind, protocol, _, address = found[0]
    with socket.socket(family, kind, protocol) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as error:
            if error.errno in (98, 48, 10048):  # EADDRINUSE on Linux, macOS, Windows
                return f"port {port} on {host} is in use; choose another with --port."
            return f"cannot serve on {host}:{port}: {error.strerror or error}."
    return None


def own_address() -> str:
    """This computer's address on its network: the one a UDP socket would send from
    (connecting one sends nothing), else its host name."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # a documentation address: never reached
            return str(probe.getsockname()[0])
    except OSError:
        return socket.gethostname()


def address_to_open(host: str, port: int) -> str:
    """The address a browser opens; for "every interface" hosts, this computer's own."""
    shown = host
    try:
        if ipaddress.ip_address(host).is_unspecified:
            shown = own_address()
    except ValueError:
        pass
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}"


QUIET_ZONE = 4
"""Light modules around the code, as the QR standard asks: a camera finds its edge."""
DARK, LIGHT = 16, 231
"""Black and white in the terminal's 256-colour cube (its 16 named colours follow a theme)."""


def qr_lines(url: str) -> list[str]:
    """``url`` as a QR code, two modules a character (the upper one the foreground of
    "▀", the lower its background), each line ending with the colours reset."""
    rows = [list(row) for row in segno.make(url, error="l").matrix_iter(border=QUIET_ZONE)]
    if len(rows) % 2:
        rows.append([0] * len(rows[0]))
    lines = []
    for top, bottom in zip(rows[::2], rows[1::2], strict=True):
        cells = (
            f"\x1b[38;5;{DARK if up else LIGHT}m\x1b[48;5;{DARK if down else LIGHT}m▀"
            for up, down in zip(top, bottom, strict=True)
        )
        lines.append("".join(cells) + "\x1b[0m")
    return lines


def banner(url: str, viewers: int, *, reachable: bool) -> str:
    """The address to open and who can watch; its QR code for a phone's camera when a
    phone can reach it (``reachable``), else how to serve the network."""
    lines = [f"Live board at {url}  (Ctrl+C stops it)"]
    if reachable:
        lines += ["Point a phone's camera at this code to open it:", "", *qr_lines(url), ""]
    else:
        lines.append(
            "Only this computer can open it. To watch on the phones at the table, serve "
            "the network: scorekeeper board --serve --host 0.0.0.0"
        )
    lines.append(
        f"The address stays the same from one start to the next (a new one: "
        f"scorekeeper board --new-address); at most {viewers} screens watch at once "
        "(--viewers)."
    )
    return "\n".join(lines)
