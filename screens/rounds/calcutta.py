"""Calcutta round entry: the course, then each horse sold in auction order, then the places.

The course is typed as in Basic Horse Race (``2221``); as soon as it stands, the sale rows
move into the auction order the game gives (long shots first), so the typist fills them
top to bottom as the auctioneer calls them. Each price row shows the odds advisor in
plain words, as odds and averages, since a horse that places one race in three loses its
price two races in three: how often it places, a fair price for the pool so far (the
share of it the horse brings back on average), and once a price is typed, how big the
pool must grow for that price to pay off on average (``scorekeeper.games.racing.odds``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path

from textual.app import ComposeResult
from textual.widget import Widget

from scorekeeper import checks
from scorekeeper.cards import SUITS
from scorekeeper.errors import RuleError
from scorekeeper.games.calcutta import (
    COURSE,
    GAME,
    Race,
    SaleRecord,
    auction_order,
    split_pool,
)
from scorekeeper.games.racing.course import check_course
from scorekeeper.games.racing.odds import (
    Chances,
    expected_share,
    fair_price,
    finish_chances,
    pays_off_at,
)
from scorekeeper.session import Session
from scorekeeper.wording import plural, visible
from screens.format import exact
from screens.rounds.base import RoundEntry, Submit
from screens.rounds.horse_race import (
    HORSE_CHOICES,
    SYMBOLS,
    course_field,
    course_hint,
    read_course,
)
from screens.widgets.choice import Choice
from screens.widgets.field_row import FieldRow
from screens.widgets.text_input import TextInput

EXAMPLE = "2221"
COURSE_EXAMPLE = course_hint(EXAMPLE)
"""The course row's hint: what it takes, with an example."""
PRICE_TYPED = "[0-9]*"
PRICE_TAKES = "a price: whole chips"
NO_PRICE = "(?:)"
"""An unsold horse's price field takes nothing (the empty pattern, which only an empty
field matches): the stop stays, so every race takes the same keys, and a digit typed there
is refused with a word."""
UNSOLD_TAKES = "unsold: no price (pick its buyer above to sell it)"


class CalcuttaEntry(RoundEntry):
    game_id = "calcutta"
    example = (
        "Course S 2, H 2, D 2, C 1; S to Cy for 12, H to Flo for 20,\n"
        "D to Bob for 7, C to Ann for 31; H first, C second:\n"
        "2221 ↓ c ↓ 12 ↓ f ↓ 20 ↓ b ↓ 7 ↓ a ↓ 31 ↓ h ↓ c Enter\n"
        "(the buyers follow the auction order the course gives)"
    )
    CSS_PATH = [*RoundEntry.CSS_PATH, Path(__file__).with_suffix(".tcss")]

    def __init__(
        self,
        session: Session,
        submit: Submit,
        prefill: checks.Round | None = None,
        index: int | None = None,
    ) -> None:
        super().__init__(session, submit, prefill, index)
        self.order: list[str] = list(SUITS)
        """The sale rows' order on screen: the auction order once the course stands."""

    def title_text(self) -> str:
        if self.index is None:
            number = len(self.session.rounds) + 1
            return f"{self.round_name} {number} · {visible(self.dealer)} deals and auctions"
        return f"Edit {self.round_name.lower()} {self.index + 1} · {visible(self.dealer)} auctioned"

    @property
    def buyers(self) -> list[str]:
        """Who may buy: everyone, or everyone but the auctioneer when the dealer does not bid."""
        if GAME.options_of(self.setup)["dealer_bids"]:
            return list(self.players)
        return [name for name in self.players if name != self.dealer]

    def compose_fields(self) -> ComposeResult:
        yield FieldRow("course", "Course S H D C", course_field(EXAMPLE), COURSE_EXAMPLE)
        for suit in SUITS:
            label = f"{suit} {SYMBOLS[suit]}"
            buyer = self.player_choice(allow_none="unsold", among=self.buyers)
            yield FieldRow(f"sales.{suit}.owner", f"{label} buyer", buyer)
            price = TextInput(classes="price", restrict=PRICE_TYPED, refusal=PRICE_TAKES)
            yield FieldRow(f"sales.{suit}.price", "    price", price)
        yield FieldRow("first", "First", Choice(HORSE_CHOICES))
        yield FieldRow("second", "Second", Choice(HORSE_CHOICES))

    def read(self) -> Race:
        course = read_course(self.text("course"))
        # The course first: Enter with it missing goes there, saying which horse it needs.
        check_course(course or {}, COURSE)
        sales: dict[str, SaleRecord | None] = {}
        for suit in self.order:
            owner = self.picked(f"sales.{suit}.owner")
            if owner is None:
                sales[suit] = None
            else:
                sales[suit] = {"owner": owner, "price": self.whole(f"sales.{suit}.price")}
        return {
            "course": {} if course is None else course,
            "sales": {suit: sales[suit] for suit in SUITS},
            "first": self.picked("first"),
            "second": self.picked("second"),
        }

    def fill(self, round_: checks.Round) -> None:
        race = checks.accepted(round_, Race)
        self.put("course", "".join(str(race["course"][suit]) for suit in SUITS))
        for suit, sale in race["sales"].items():
            self.put(f"sales.{suit}.owner", None if sale is None else sale["owner"])
            if sale is not None:
                self.put(f"sales.{suit}.price", sale["price"])
        self.put("first", round_["first"])
        self.put("second", round_["second"])

    def preview(self) -> None:
        course = self.standing_course()
        chances = None if course is None else finish_chances(course, COURSE)
        self.sort_sales(list(SUITS) if course is None else auction_order(course))
        pool = self.carried
        for suit in self.order:
            owner = self.control(f"sales.{suit}.owner", Choice)
            unsold = owner.is_picked and owner.value is None
            # No price for an unsold horse: a price typed before goes, and the field
            # refuses one, but stays a stop (↓ from the buyer lands there in every race).
            price_field = self.control(f"sales.{suit}.price", TextInput)
            price_field.restrict = NO_PRICE if unsold else PRICE_TYPED
            price_field.refusal = UNSOLD_TAKES if unsold else PRICE_TAKES
            price_field.placeholder = "none" if unsold else ""
            if unsold:
                price_field.value = ""
            price = None if unsold else self.price(suit)
            self.note(f"sales.{suit}.price", self.advice(suit, chances, pool, owner, price))
            if price is not None:
                pool += price
        for place, share in zip(("first", "second"), split_pool(pool), strict=True):
            self.note(place, self.place_note(place, share) if pool else "")

    @property
    def carried(self) -> int:
        """Chips left in the pool by an unsold horse that placed in an earlier race."""
        return GAME.info_of(self.state)["pot"]

    def standing_course(self) -> dict[str, int] | None:
        """The course typed, once it is a deal that stands; the course row says what is
        wrong with it meanwhile, and the auction order when it stands."""
        try:
            course = read_course(self.text("course"))
            if course is None or len(course) < len(SUITS):
                self.note("course", COURSE_EXAMPLE)
                return None
            check_course(course, COURSE)
        except RuleError as error:
            self.note("course", error.message)
            return None
        carried = f" · {self.carried} carried in the pool" if self.carried else ""
        self.note("course", f"auction {', '.join(auction_order(course))}{carried}")
        return course

    def sort_sales(self, order: list[str]) -> None:
        """Put the sale rows in ``order`` under the course row, keeping what is typed."""
        if order == self.order:
            return
        fields = self.row("course").parent
        assert isinstance(fields, Widget)
        anchor = self.row("course")
        for suit in order:
            for part in ("owner", "price"):
                row = self.row(f"sales.{suit}.{part}")
                fields.move_child(row, after=anchor)
                anchor = row
        self.order = order

    def price(self, suit: str) -> int | None:
        try:
            return self.whole(f"sales.{suit}.price")
        except RuleError:
            return None

    def advice(
        self,
        suit: str,
        chances: Mapping[str, Chances] | None,
        pool: int,
        owner: Choice,
        price: int | None,
    ) -> str:
        """The advisor's word on one sale, said as odds: how often the horse places, and
        its share or the price against it on average, never as if it were sure to pay."""
        if owner.is_picked and owner.value is None:
            return "unsold: if it places, its share stays in the pool"
        if chances is None:
            return ""
        share = expected_share(chances[suit])
        places = f"places {exact(chances[suit].places):.0%}"
        if price is not None and price > 0:
            even = math.ceil(pays_off_at(price, share))
            return f"{places} · pays off on average at pool {even}"
        if pool:
            fair = round(fair_price(pool, share))
            return f"{places} · fair so far: about {plural(fair, 'chip')}"
        return f"{places} · on average {exact(share):.0%} of the final pool"

    def place_note(self, place: str, share: int) -> str:
        horse = self.control(place, Choice).value
        if horse is None:
            return f"{share} chips of the pool"
        owner = self.control(f"sales.{horse}.owner", Choice)
        if not owner.is_picked:
            return f"{share} chips"
        if owner.value is None:
            return f"{share} chips carried (unsold)"
        return f"{share} chips to {owner.value}"


ENTRY = CalcuttaEntry
