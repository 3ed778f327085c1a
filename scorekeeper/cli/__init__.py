"""The command line, apart from the domain it drives: ``command_line`` reads it and runs
the command, ``commands`` holds one function per command, ``doctor`` (with ``finding``,
``doctor_sync`` and ``doctor_entries``) checks and repairs a store. Nothing below
imports it."""

from scorekeeper.cli.command_line import main

__all__ = ["main"]
