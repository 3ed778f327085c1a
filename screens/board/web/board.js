// The served board's page: follows the server's messages, shows the board with text only
// (never HTML from the server), and sizes the players' cards so everyone fits the window.
"use strict";

const SMALLEST = 13; // CSS px for a name: smaller is hard to read on a phone
const FULL_GRID = 2 / 3; // a grid with an empty cell only if its names are 1.5× bigger
const CELL = 4 / 3; // the shape of a cell a card reads best in, width to height
const LARGEST_REM = 3; // a name's letters at most this many rem, or
const LARGEST_SCREEN = 0.05; // this share of the screen's height, whichever is more
const QUIET = 3; // heartbeats missed before the page reconnects by itself
const MARKS = [["leads", "★", "leads"], ["deals", "●", "deals next"], ["first", "▸", "first"]];

// The page's name for the server, kept across a reload so it takes its own old place.
let viewer = sessionStorage.getItem("viewer") || newViewer();
sessionStorage.setItem("viewer", viewer);
let socket = null;
let beat = 3;
let retry = 1; // seconds before a page that lost its connection tries again
let wait = 1; // before the next try: longer when the board is full, none for a new name
let heard = 0;
let players = [];

function newViewer() {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function element(tag, className, text) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

function byId(id) {
  return document.getElementById(id);
}

function away(message) {
  document.body.classList.remove("-here");
  document.body.classList.add("-away");
  byId("connection").textContent = message;
}

function here() {
  heard = Date.now();
  document.body.classList.add("-here");
  document.body.classList.remove("-away");
}

// What the server says: a kind, a space, what it carries.
const HEARD = {
  hello(data) {
    const said = JSON.parse(data);
    beat = said.beat;
    retry = said.retry;
    wait = retry;
  },
  board(data) {
    here();
    show(JSON.parse(data));
  },
  // A heartbeat's own words back: only a page that read it can answer it.
  beat(data, from) {
    from.send("seen " + data);
  },
  full(data) {
    away(data);
    wait = beat;
  },
  // Another page took this name (a copy of this tab): this one takes a name of its own.
  replaced() {
    viewer = newViewer();
    sessionStorage.setItem("viewer", viewer);
    wait = 0;
  },
};

// A WebSocket, not an event stream: a browser opens at most six HTTP connections to a
// host, and a page holding one each would leave a seventh tab of the board blank.
function connect() {
  if (socket) {
    socket.onclose = null;
    socket.close();
  }
  const address = new URL("live?viewer=" + encodeURIComponent(viewer), location.href);
  address.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  const opened = new WebSocket(address.href);
  socket = opened;
  opened.onmessage = (message) => {
    heard = Date.now();
    const text = String(message.data);
    const space = text.indexOf(" ");
    const kind = space < 0 ? text : text.slice(0, space);
    const said = Object.prototype.hasOwnProperty.call(HEARD, kind) ? HEARD[kind] : null;
    if (said) said(text.slice(space + 1), opened);
  };
  opened.onclose = () => {
    if (socket !== opened) return;
    socket = null;
    if (!document.body.classList.contains("-away")) away("Reconnecting…");
    setTimeout(connect, wait * 1000);
    wait = retry;
  };
}

// A connection can die without a word (a phone asleep, a network gone): when nothing was
// heard for a few heartbeats, the page opens a new one and says so meanwhile.
setInterval(() => {
  if (heard && Date.now() - heard > QUIET * beat * 1000) {
    away("Reconnecting…");
    heard = Date.now();
    connect();
  }
}, 500);
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && Date.now() - heard > beat * 1000 * 1.5) {
    connect();
  }
});

function show(state) {
  document.title = state.title;
  byId("title").textContent = state.title;
  byId("status").textContent = state.status || "";
  document.body.classList.toggle("-over", Boolean(state.over));
  const notes = (state.notes || []).map((note) => signed(element("li"), note));
  byId("notes").replaceChildren(...notes);
  const waiting = byId("waiting");
  waiting.hidden = !state.waiting;
  if (state.waiting) {
    waiting.querySelector("h2").textContent = state.waiting.title;
    waiting.querySelector("p").textContent = state.waiting.message;
  }
  players = state.players || [];
  byId("players").replaceChildren(...players.map(card));
  byId("lines").replaceChildren(...(state.lines || []).map(line));
  signed(byId("last"), state.last || "");
  fit();
}

function card(player) {
  const item = element("li", player.leads ? "card -leads" : "card");
  const who = element("div", "who");
  who.append(element("span", "place", String(player.place)), element("span", "name", player.name));
  const marks = MARKS.filter(([key]) => player[key]);
  if (marks.length) {
    const shown = element("span", "marks", marks.map(([, mark]) => mark).join(""));
    shown.setAttribute("aria-hidden", "true");
    who.append(shown, element("span", "hidden-text", ", " + marks.map((m) => m[2]).join(", ")));
  }
  item.append(who, element("div", "figure", player.figure));
  if (player.aside) item.append(element("div", "aside", player.aside));
  return item;
}

function line([label, value]) {
  const pair = element("div");
  pair.append(element("dt", "", label), signed(element("dd"), value));
  return pair;
}

// Text with each signed amount ("−€0,75", "+25") in a piece of its own that never wraps:
// a line never ends "Rose −" with "€0,75" on the next. Still text only, never HTML.
const AMOUNT = /([+\u2212-][^\s,;·()]*\d[^\s,;·()]*)/;
function signed(into, text) {
  const parts = text.split(AMOUNT);
  into.replaceChildren(...parts.map((part, n) => (n % 2 ? element("span", "amount", part) : part)));
  return into;
}

// Widths of text at 1 px (a canvas measures them without laying anything out).
const ruler = document.createElement("canvas").getContext("2d");
let family = "";
function widthOf(text, weight) {
  family = family || getComputedStyle(document.body).fontFamily;
  ruler.font = `${weight} 100px ${family}`;
  return ruler.measureText(text).width / 100;
}

// Each card's size in units of its name's font size, for one shape: the who line (place,
// name, marks) and the figure (twice as big) side by side ("beside") or stacked.
function measure() {
  let name = 0;
  let figure = 0;
  let aside = 0;
  let label = 0;
  for (const player of players) {
    const marks = MARKS.filter(([key]) => player[key]).length;
    const place = widthOf(String(player.place), 400) + 0.35;
    const who = place + widthOf(player.name, 700) + (marks ? 0.35 + 1.1 * marks : 0);
    name = Math.max(name, who);
    label = Math.max(label, place + 1.5 + (marks ? 0.35 + 1.1 * marks : 0));
    figure = Math.max(figure, 2 * widthOf(player.figure, 800));
    aside = Math.max(aside, widthOf(player.aside || "", 600));
  }
  const asides = players.some((player) => player.aside);
  return {
    beside: {
      width: (names) => 1.0 + (names ? name : label) + 0.6 + Math.max(figure, aside),
      height: 0.3 + Math.max(1.25 + (asides ? 1.25 : 0), 2.1),
    },
    stacked: {
      width: (names) => 1.0 + Math.max(names ? name : label, figure, aside),
      height: 0.3 + 1.25 + 2.1 + (asides ? 1.25 : 0),
    },
  };
}

// Of the grids that hold every player, the one whose cards give names the biggest letters
// (up to the largest they take); a grid with no empty cell unless none comes near (eight
// players on a TV in four columns of two, not three of three with one empty); of grids
// as good, the one whose cells are nearest 4:3, a name over a big total. Names whole
// where any size allows it.
function choose(width, height, gap) {
  const shapes = measure();
  const count = players.length;
  const cap = largest();
  const options = [];
  for (let columns = 1; columns <= count; columns += 1) {
    const rows = Math.ceil(count / columns);
    if (columns > 1 && Math.ceil(count / rows) < columns) continue; // a column left empty
    const across = (width - gap * (columns - 1)) / columns - 2;
    const down = (height - gap * (rows - 1)) / rows - 2;
    for (const [shape, size] of Object.entries(shapes)) {
      const tall = down / size.height;
      const whole = Math.min(tall, across / size.width(true));
      const names = whole >= SMALLEST ? 1 : 0;
      const fits = names ? whole : Math.min(tall, across / size.width(false));
      options.push({
        names, size: Math.min(fits, cap), columns, rows, shape,
        full: rows * columns === count, aspect: Math.abs(Math.log(across / down / CELL)),
      });
    }
  }
  const most = (some) => Math.max(...some.map((option) => option.size));
  const names = Math.max(...options.map((option) => option.names));
  let pool = options.filter((option) => option.names === names);
  const full = pool.filter((option) => option.full);
  if (full.length && most(full) >= FULL_GRID * most(pool)) pool = full;
  const biggest = most(pool);
  pool = pool.filter((option) => option.size >= biggest / 1.02);
  return pool.reduce((best, option) => (option.aspect < best.aspect ? option : best));
}

// The largest letters for a name: a share of the screen, not of the window, so browser
// zoom (which narrows the window in CSS pixels, not the screen) makes the cards bigger.
function largest() {
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
  return Math.max(LARGEST_REM * rem, LARGEST_SCREEN * screen.height);
}

function fit() {
  const list = byId("players");
  if (!players.length) return;
  const main = document.querySelector("main");
  const gap = Math.max(6, Math.min(window.innerWidth, window.innerHeight) * 0.012);
  list.style.setProperty("--gap", `${gap}px`);
  // Twice: the line whose deal it is takes the names' size, and so the room they leave.
  for (let pass = 0; pass < 2; pass += 1) {
    const room = main.getBoundingClientRect();
    const style = getComputedStyle(main);
    const width = room.width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const height = room.height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    const chosen = choose(width, height, gap);
    list.style.setProperty("--columns", chosen.columns);
    list.style.setProperty("--rows", chosen.rows);
    list.classList.toggle("-beside", chosen.shape === "beside");
    setSize(Math.floor(chosen.size));
  }
  // What the estimate missed (a font's own spacing, a line that wrapped) is taken back
  // a step at a time until nothing needs scrolling.
  let size = parseFloat(document.body.style.getPropertyValue("--size"));
  for (let step = 0; step < 40; step += 1) {
    const page = document.documentElement;
    const over = page.scrollHeight > page.clientHeight || page.scrollWidth > page.clientWidth;
    if (!over || size <= 9) break;
    size = Math.max(9, Math.floor(size * 0.94));
    setSize(size);
  }
}

function setSize(size) {
  document.body.style.setProperty("--size", `${size}px`);
}

let pending = false;
window.addEventListener("resize", () => {
  if (pending) return;
  pending = true;
  requestAnimationFrame(() => {
    pending = false;
    fit();
  });
});

// On a phone the game's rules and lines are folded away (a tap opens them): the players
// come first. The reader's own choice stands after that.
byId("rules").open = !matchMedia("(max-width: 600px), (max-height: 600px)").matches;
connect();
