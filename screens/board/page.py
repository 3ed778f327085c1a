"""The web page of the served board: textual-serve's terminal script, sized for the screen.

textual-serve's own page has no viewport tag (a phone lays it out 980 px wide and shrinks
it), a fixed font size (a TV shows a small island) and asks an external font server. This
page loads only files the board's server serves, and picks the font size from the window
before the terminal opens: an upright phone gets about 40 columns, a landscape screen
about 60 columns by 18 rows, never under 14 CSS px; ``?fontsize=N`` still chooses by hand.
The links are relative, so the page works only under the secret path it was served at.
"""

from __future__ import annotations

from html import escape

PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>{title}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="static/xterm.css">
<link rel="preload" href="static/RobotoMono.ttf" as="font" type="font/ttf" crossorigin>
<style>
  @font-face {{
    font-family: "Roboto Mono";
    src: url("static/RobotoMono.ttf") format("truetype");
    font-weight: 100 700;
  }}
  html, body {{ margin: 0; height: 100%; background: #0c181f; overflow: hidden; }}
  .notice {{
    position: absolute; inset: 0; display: none; z-index: 10;
    align-items: center; justify-content: center; padding: 1em; box-sizing: border-box;
    font: 18px "Roboto Mono", monospace; color: #f0f0f0; background: #0c181f;
    text-align: center;
  }}
  body.-closed .notice {{ display: flex; }}
  .notice button {{ font: inherit; margin-top: 1em; padding: 0.5em 1.5em; }}
</style>
<script src="static/textual.js"></script>
<script>
  const PHONE_COLUMNS = {phone_columns};
  const WIDE_COLUMNS = {wide_columns};
  const WIDE_ROWS = {wide_rows};
  const SMALLEST = {smallest};

  function cellRatio() {{
    const probe = document.createElement("span");
    probe.style.cssText = "position:absolute;visibility:hidden;white-space:pre;"
      + "font:100px 'Roboto Mono',monospace;line-height:normal";
    probe.textContent = "W".repeat(10);
    document.body.appendChild(probe);
    const box = probe.getBoundingClientRect();
    probe.remove();
    return {{ width: box.width / 1000, height: box.height / 100 }};
  }}

  function fontSize() {{
    const asked = parseInt(new URLSearchParams(location.search).get("fontsize"), 10);
    if (asked > 0) return Math.min(asked, 200);
    const cell = cellRatio();
    const width = window.innerWidth, height = window.innerHeight;
    const size = width < height || width < 700
      ? width / (PHONE_COLUMNS * cell.width)
      : Math.min(width / (WIDE_COLUMNS * cell.width), height / (WIDE_ROWS * cell.height));
    return Math.max(SMALLEST, Math.floor(size));
  }}

  // Whatever the server says on closing (the viewer cap, the board ending) is shown.
  const BrowserSocket = window.WebSocket;
  window.WebSocket = class extends BrowserSocket {{
    constructor(url, protocols) {{
      super(url, protocols);
      this.addEventListener("close", (event) => {{
        if (event.reason) document.querySelector(".notice .message").textContent = event.reason;
      }});
    }}
  }};

  // The terminal script's renderers draw a 2x or 3x screen enlarged and cropped; at 1
  // the browser scales the drawing to the screen: the right size at any density.
  Object.defineProperty(window, "devicePixelRatio", {{ get: () => 1 }});

  const startTerminal = window.onload;
  window.onload = async (event) => {{
    await document.fonts.load("16px 'Roboto Mono'");
    const terminal = document.getElementById("terminal");
    const socket = new URL("ws", location.href);
    socket.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    socket.search = "";
    terminal.dataset.sessionWebsocketUrl = socket.href;
    terminal.dataset.fontSize = String(fontSize());
    startTerminal(event);
  }};
</script>
</head>
<body>
  <div class="notice">
    <div>
      <div class="message">The board has ended.</div>
      <button type="button" onclick="location.reload()">Open it again</button>
    </div>
  </div>
  <div id="terminal" class="textual-terminal"></div>
</body>
</html>
"""

PHONE_COLUMNS = 40
"""Columns on an upright phone: the board is made to fit 40."""
WIDE_COLUMNS = 60
WIDE_ROWS = 18
"""On a landscape screen, the font is as big as still gives this many columns and rows."""
SMALLEST = 14
"""CSS px: a name smaller than this is hard to read on a phone."""


def board_page(title: str) -> str:
    """The page, its links relative to where it is served (the secret path)."""
    return PAGE.format(
        title=escape(title),
        phone_columns=PHONE_COLUMNS,
        wide_columns=WIDE_COLUMNS,
        wide_rows=WIDE_ROWS,
        smallest=SMALLEST,
    )


def refused_page(message: str) -> str:
    """A page that only says why it cannot show the board."""
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>Scorekeeper board</title></head><body><p>{escape(message)}</p></body></html>"
    )
