"""New session's players box: names typed one by one or several at once, with those of
earlier sessions suggested as they are typed."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from textual.suggester import Suggester

from scorekeeper.errors import RuleError
from scorekeeper.session import check_seat
from scorekeeper.store import Store, StoreError
from screens.widgets.text_input import TextInput


class NameSuggester(Suggester):
    """Names from earlier sessions, completing the name being typed after the last comma;
    a name already seated is not offered again."""

    def __init__(self, known: Iterable[str], seated: Sequence[str]) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.known = list(dict.fromkeys(known))
        self.seated = seated

    async def get_suggestion(self, value: str) -> str | None:
        cut = value.rfind(",") + 1
        typed = value[cut:].lstrip()
        if not typed:
            return None
        taken = {name.casefold() for name in self.seated}
        taken |= {part.strip().casefold() for part in value[:cut].split(",")}
        for name in self.known:
            if name.casefold().startswith(typed.casefold()) and name.casefold() not in taken:
                return value[: len(value) - len(typed)] + name
        return None


class NameInput(TextInput):
    """Takes the typed names and empties itself at once, so a fast typist's next name is
    never appended to the one just added."""

    async def action_submit(self) -> None:
        value, self.value = self.value, ""
        self.post_message(self.Submitted(self, value))


def known_names(store: Store) -> list[str]:
    """Players of earlier sessions, the most recent first, for the name suggestions."""
    try:
        recent = store.recent()
        summaries = recent[0] if recent is not None else store.summaries()
    except StoreError:
        return []
    return [name for summary in summaries for name in summary.players]


def check_names(typed: str, seated: Sequence[str]) -> list[str]:
    """The names typed, each checked against those seated and typed before it: a name
    typed twice is said to be, not to be at a table that may still be empty."""
    names = [name.strip() for name in typed.split(",") if name.strip()]
    for number, name in enumerate(names):
        check_seat(name, seated, "players")
        if any(name.casefold() == before.casefold() for before in names[:number]):
            raise RuleError("players", f"{name!r} is typed twice")
    return names
