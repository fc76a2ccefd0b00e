"""The ``parsedit`` command group and how a run ends: every user error is
a :class:`ParseditError` turned into one line on standard error and exit
status 2; Ctrl-C is one line and exit 130, SIGTERM one line and exit 143; a
closed pipe on standard output (or one closed when the run began) ends the
run quietly with exit 141, as SIGPIPE ends other Unix tools; a standard
output that cannot be written (``> /dev/full``) is one line and exit 2
(see :func:`parsedit.output.guard_standard_streams`).
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from functools import wraps
from importlib import import_module
from typing import Any, TypeVar

import click

from parsedit.errors import ParseditError, StandardOutputError
from parsedit.version import __version__

F = TypeVar("F", bound=Callable[..., Any])



def user_errors(func: F) -> F:
    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except ParseditError as exc:
            click.echo(f"parsedit: error: {exc}", err=True)
            sys.exit(2)
    return wrapper  # type: ignore[return-value]



class _Terminated(BaseException):
    """SIGTERM, raised where the program is, so that partial files are removed."""



def _terminate(signum: int, frame: object) -> None:
    raise _Terminated



# Each command and the module that defines it (imported when the command is
# run or listed, so that ``parsedit --version`` and one command's run import
# only what they use).
COMMANDS = {"score": "score", "align": "score", "demo": "score", "compare": "compare",
            "plot": "compare", "grammars": "grammars", "tags": "tags", "convert": "convert",
            "baseline": "conventions", "conventions": "conventions"}


class _Main(click.Group):
    """The command group: an unusable option is one line (``parsedit: error:
    ...``, exit 2) as every other user error is; Ctrl-C, SIGTERM and a closed
    pipe are handled.  Each command's module is imported when the command
    is looked up (:data:`COMMANDS`)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in COMMANDS and cmd_name not in self.commands:
            import_module(f"parsedit.cli.{COMMANDS[cmd_name]}")  # registers its commands
        return super().get_command(ctx, cmd_name)

    def main(self, args: Sequence[str] | None = None,
             prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, **extra: Any) -> Any:
        def run() -> Any:
            return super(_Main, self).main(args, prog_name, complete_var, False, **extra)
        if not standalone_mode:
            return run()
        try:
            code = run()
        except click.exceptions.NoArgsIsHelpError as exc:
            exc.show()
            sys.exit(exc.exit_code)
        except click.ClickException as exc:
            hint = ""
            if isinstance(exc, click.UsageError) and exc.ctx is not None:
                hint = f" (see '{exc.ctx.command_path} --help')"
            click.echo(f"parsedit: error: {exc.format_message().rstrip('.')}{hint}", err=True)
            sys.exit(exc.exit_code)
        except click.exceptions.Abort:
            click.echo("parsedit: interrupted", err=True)
            sys.exit(130)
        sys.exit(code if isinstance(code, int) else 0)

    def invoke(self, ctx: click.Context) -> Any:
        in_main = threading.current_thread() is threading.main_thread()
        previous = signal.signal(signal.SIGTERM, _terminate) if in_main else None
        try:
            try:
                return super().invoke(ctx)
            finally:
                sys.stdout.flush()  # a closed pipe shows here, not at exit
        except KeyboardInterrupt:
            click.echo("parsedit: interrupted", err=True)
            sys.exit(130)
        except _Terminated:
            click.echo("parsedit: terminated", err=True)
            sys.exit(143)
        except BrokenPipeError:
            # Nothing more can reach the reader; stop Python's flush at exit
            # from failing again.
            try:
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, sys.stdout.fileno())
            except (OSError, ValueError, AttributeError):
                pass
            sys.exit(141)
        except StandardOutputError as exc:
            # A full disk or /dev/full: what was written is incomplete.
            click.echo(f"parsedit: error: cannot write to standard output: "
                       f"{exc.strerror or exc}", err=True)
            sys.exit(2)
        finally:
            if previous is not None:
                signal.signal(signal.SIGTERM, previous)



@click.group(cls=_Main)
@click.version_option(__version__, prog_name="parsedit")
def main() -> None:
    """Evaluate constituency parses by edit distance over weighted FSTs."""
