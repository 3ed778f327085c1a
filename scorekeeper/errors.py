"""The one error a person at the table sees when a round breaks a rule."""

from scorekeeper.wording import visible


class RuleError(ValueError):
    """A round, option or player list that breaks a rule; nothing was recorded.

    ``field`` names what was wrong (``"bid"``, ``"points.Bob"``, ``"options.stake"``)
    so a screen can show the message next to the input it concerns. The message often
    names players or quotes what was typed, so it is made ``visible`` here, once: one
    line, whatever a name holds, wherever it is shown.
    """

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.message = visible(message)
        super().__init__(f"{visible(field)}: {self.message}")
