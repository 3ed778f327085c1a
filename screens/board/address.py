"""Where the board can be opened: whether the server can listen, the address a browser on
the network opens, and the banner with its QR code for a phone's camera.
"""

from __future__ import annotations

import io
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


def banner(url: str, viewers: int) -> str:
    """The address to open and its QR code, for a phone's camera."""
    code = segno.make(url, error="l")
    lines = [
        f"Live board at {url}  (Ctrl+C stops it)",
        "Point a phone's camera at this code to open it:",
        "",
    ]
    drawn = io.StringIO()
    code.terminal(out=drawn, compact=True, border=2)
    lines.append(drawn.getvalue().rstrip("\n"))
    lines += [
        "",
        f"The address holds a secret made for this start; at most {viewers} screens "
        "watch at once (--viewers).",
    ]
    return "\n".join(lines)
