"""The one error a person at the table sees when a round breaks a rule."""


class RuleError(ValueError):
    """A round, option or player list that breaks a rule; nothing was recorded.

    ``field`` names what was wrong (``"bid"``, ``"points.Bob"``, ``"options.stake"``)
    so a screen can show the message next to the input it concerns.
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
