"""The command line's verbs, each made into a click command only when a run reaches it.

typer turns every command of an app into a click command (reading each function's
signature and options) as the app starts, and imports the modules they live in: a run of
one verb would pay for all of them.  Here the verbs are named in a :class:`VerbTable`, in
the order ``--help`` lists them: functions registered with :meth:`VerbTable.command` (as
``typer.Typer.command`` registers them), and functions or typer apps of other modules named
by ``"module:attribute"`` (:meth:`VerbTable.lazy_command`, :meth:`VerbTable.lazy_group`),
imported on first use.  The root group (:meth:`VerbTable.app`'s ``cls``) holds them as a
mapping that builds a verb when it is looked up, with typer's own functions and the root
app's settings, so that each verb is the very command typer would have made; a run builds
the verb it runs.  ``printplay --help`` lists the verbs from their help texts alone
(:meth:`Verb.summary`: a command with no parameters, whose short help is the verb's), as
typer's group lists them.  Each built command's values are read as
:mod:`printplay.cli.quick_values` reads them.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Iterator, MutableMapping
from gettext import gettext
from typing import TYPE_CHECKING, Any

import typer
from typer.core import TyperCommand, TyperGroup
from typer.main import (
    get_command_from_info,
    get_group_from_info,
    solve_typer_info_defaults,
)
from typer.models import CommandInfo, TyperInfo

from printplay.cli.quick_values import read_quickly

if TYPE_CHECKING:
    from typer._click import Command, Context, HelpFormatter  # typer's own copy of click


def _loaded(path: str) -> Any:
    """The object named by ``"module:attribute"``, its module imported now."""
    module, _, attribute = path.partition(":")
    return getattr(importlib.import_module(module), attribute)


class Verb:
    """One verb of the table: how to build it, and how ``--help`` sums it up."""

    def build(self, root: TyperGroup) -> Command:
        """The verb's command, as typer makes it under ``root`` (whose settings it takes)."""
        raise NotImplementedError

    def summary(self, root: TyperGroup) -> Command:
        """A command with the verb's name and help texts and no parameter: what the root's
        ``--help`` reads of it."""
        raise NotImplementedError


class FunctionVerb(Verb):
    """A verb that is one function, registered as ``typer.Typer.command`` registers one;
    the function is named by ``"module:function"`` if it is not at hand yet."""

    def __init__(self, name: str, function: Callable[..., Any] | str, **settings: Any) -> None:
        self.name = name
        self.function = function
        self.settings = settings

    def info(self) -> CommandInfo:
        """What typer records of the command (its function imported now)."""
        function = _loaded(self.function) if isinstance(self.function, str) else self.function
        return CommandInfo(self.name, callback=function, **self.settings)

    def build(self, root: TyperGroup) -> Command:
        """The verb's command (see :meth:`Verb.build`)."""
        return get_command_from_info(
            self.info(), pretty_exceptions_short=True, rich_markup_mode=root.rich_markup_mode
        )

    def summary(self, root: TyperGroup) -> Command:
        """The verb's help texts on a command of no parameter (see :meth:`Verb.summary`)."""
        info = self.info()
        text = inspect.getdoc(info.callback) if info.help is None else inspect.cleandoc(info.help)
        return (info.cls or TyperCommand)(
            name=self.name,
            help=text,
            short_help=info.short_help,
            hidden=info.hidden,
            deprecated=info.deprecated,
            rich_markup_mode=root.rich_markup_mode,
        )


class GroupVerb(Verb):
    """A group of verbs: the typer app ``"module:app"``, added as ``typer.Typer.add_typer``
    adds one."""

    def __init__(self, name: str, path: str) -> None:
        self.name = name
        self.path = path

    def build(self, root: TyperGroup) -> Command:
        """The group's command, its verbs built (see :meth:`Verb.build`)."""
        return get_group_from_info(
            TyperInfo(_loaded(self.path), name=self.name),
            pretty_exceptions_short=True,
            rich_markup_mode=root.rich_markup_mode,
            suggest_commands=root.suggest_commands,
        )

    def summary(self, root: TyperGroup) -> Command:
        """The group's help texts on a command of no parameter (see :meth:`Verb.summary`)."""
        solved = solve_typer_info_defaults(TyperInfo(_loaded(self.path), name=self.name))
        return TyperGroup(
            name=self.name,
            help=solved.help,
            short_help=solved.short_help,
            hidden=solved.hidden,
            deprecated=solved.deprecated,
            rich_markup_mode=root.rich_markup_mode,
        )


class BuiltVerb(Verb):
    """A command built already (added to the root group by ``add_command``)."""

    def __init__(self, command: Command) -> None:
        self.command = command

    def build(self, root: TyperGroup) -> Command:
        """The command itself."""
        return self.command

    def summary(self, root: TyperGroup) -> Command:
        """The command itself."""
        return self.command


class _Verbs(MutableMapping[str, "Command"]):
    """The root group's commands: every verb's name, each verb built when looked up."""

    def __init__(self, table: VerbTable, root: TyperGroup) -> None:
        self._table = table
        self._root = root
        self._built: dict[str, Command] = {}

    def __getitem__(self, name: str) -> Command:
        if name not in self._built:
            if name not in self._table.verbs:
                raise KeyError(name)
            self._built[name] = read_quickly(self._table.verbs[name].build(self._root))
        return self._built[name]

    def summary(self, name: str) -> Command:
        """What ``--help`` reads of verb ``name``: the verb if it is built, else its
        summary."""
        if name in self._built:
            return self._built[name]
        return self._table.verbs[name].summary(self._root)

    def __setitem__(self, name: str, command: Command) -> None:
        self._table.verbs.setdefault(name, BuiltVerb(command))
        self._built[name] = command

    def __delitem__(self, name: str) -> None:
        del self._table.verbs[name]
        self._built.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(self._table.verbs)

    def __len__(self) -> int:
        return len(self._table.verbs)


class VerbTable:
    """The verbs of a command line, in order, built one at a time (see the module's
    docstring)."""

    def __init__(self) -> None:
        self.verbs: dict[str, Verb] = {}

    def command(
        self, name: str | None = None, **settings: Any
    ) -> Callable[[Callable[..., object]], Callable[..., object]]:
        """Register the decorated function as a verb, as ``typer.Typer.command`` would
        (``settings``: its ``help``, ``cls`` …)."""

        def register(function: Callable[..., object]) -> Callable[..., object]:
            verb_name = name or function.__name__.lower().replace("_", "-")
            self.verbs[verb_name] = FunctionVerb(verb_name, function, **settings)
            return function

        return register

    def lazy_command(self, name: str, path: str, **settings: Any) -> None:
        """Register the function ``path`` (``"module:function"``) as verb ``name``: its
        module is imported when the verb is first looked up."""
        self.verbs[name] = FunctionVerb(name, path, **settings)

    def lazy_group(self, name: str, path: str) -> None:
        """Register the typer app ``path`` (``"module:app"``) as the group of verbs
        ``name``, as ``typer.Typer.add_typer`` would: its module is imported when the group
        is first looked up."""
        self.verbs[name] = GroupVerb(name, path)

    def app(self, **settings: Any) -> typer.Typer:
        """The root typer app of these verbs (``settings`` as ``typer.Typer`` takes them):
        its group builds a verb only when a run looks it up."""
        table = self

        class Root(TyperGroup):
            """The root group, its commands built on demand from the table."""

            def __init__(self, **attrs: Any) -> None:
                super().__init__(**attrs)
                self.commands = verbs = _Verbs(table, self)
                self._verbs = verbs
                read_quickly(self, nested=False)  # its own options; the verbs as built

            def list_commands(self, ctx: Context) -> list[str]:
                """The verbs' names, in order (none of them built)."""
                return list(self.commands)

            def format_commands(self, ctx: Context, formatter: HelpFormatter) -> None:
                """The verbs and their short help, as typer's group writes them, read
                from the verbs' summaries."""
                rows = [(name, self._verbs.summary(name)) for name in self.list_commands(ctx)]
                shown = [(name, command) for name, command in rows if not command.hidden]
                if not shown:
                    return
                limit = formatter.width - 6 - max(len(name) for name, _ in shown)
                with formatter.section(gettext("Commands")):
                    formatter.write_dl(
                        [(name, command.get_short_help_str(limit)) for name, command in shown]
                    )

        return typer.Typer(cls=Root, **settings)


__all__ = ["BuiltVerb", "FunctionVerb", "GroupVerb", "Verb", "VerbTable"]
