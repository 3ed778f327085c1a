"""New session's option rows: one per option of the chosen game, its value shown as the
game reads it (money as money) and its help beside it."""

from __future__ import annotations

from textual.widgets import Checkbox, Input

from scorekeeper.errors import RuleError
from scorekeeper.game import Option
from scorekeeper.money import format_amount, parse_money
from scorekeeper.names import NAME_LENGTH
from scorekeeper.wording import not_a_number, whole_number
from screens.widgets.choice import Choice
from screens.widgets.field_row import FieldRow, Tick
from screens.widgets.text_input import TextInput


def option_note(option: Option, typed: str) -> str:
    """The option's help, led by the amount a typed sum of money is read as ("= $0.25");
    text that is no money, or no number, says so as it is typed, not only at Start (an
    emptied field is no mistake yet: the help says what it takes)."""
    if not typed.strip():
        return option.help
    if option.cents:
        try:
            cents = parse_money(typed, "option")
        except RuleError as error:
            return error.message
        return f"= {format_amount(cents, 'money')} · {option.help}"
    if option.kind is int and whole_number(typed) is None:
        return not_a_number(typed)
    return option.help


def shown_value(option: Option, value: int | bool | str) -> str:
    """An option's value as its field shows it: money as money ("$0.25")."""
    return format_amount(int(value), "money") if option.cents else str(value)


def on_off(value: bool) -> str:
    return "on" if value else "off"


def option_row(name: str, option: Option, value: int | bool | str) -> FieldRow:
    """The row for option ``name``, showing ``value``: a tick for on/off, a pick of its
    words, a name typed, else a number."""
    control: Input | Checkbox | Choice
    if option.choices:
        control = Choice([(choice, choice) for choice in option.choices], value=value)
        note = option.help
    elif option.label:
        control = TextInput(
            str(value),
            max_length=NAME_LENGTH,
            classes="name",
            refusal=f"a name of at most {NAME_LENGTH} characters",
        )
        note = option.help
    elif option.kind is bool:
        control = Tick(on_off(bool(value)), value=bool(value))
        note = option.help
    else:
        control = TextInput(shown_value(option, value), classes="number")
        note = option_note(option, control.value)
    return FieldRow(f"options.{name}", name.replace("_", " "), control, note)


def read_option(name: str, option: Option, row: FieldRow) -> int | bool | str:
    """What the option's field reads as: a pick or a name as it is, money as money, else
    a whole number."""
    control = row.control
    if isinstance(control, Checkbox):
        return control.value
    if isinstance(control, Choice):
        return str(control.value)
    assert isinstance(control, Input)
    if option.label:
        return control.value.strip()
    if option.cents:
        return parse_money(control.value, f"options.{name}")
    number = whole_number(control.value)
    if number is None:
        raise RuleError(f"options.{name}", not_a_number(control.value))
    return number
