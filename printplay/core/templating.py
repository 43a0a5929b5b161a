"""The sandbox every rulebook source and template runs in.

House sources (``--rules-dir``) are files a user hands us, so they are untrusted: a
template must not reach Python, the shell or any file outside the folders it is read from,
and an authoring mistake (or a hostile file) must end in one line naming the file, never a
traceback, a hang or a machine out of memory.  So templates run in Jinja's
:class:`~jinja2.sandbox.SandboxedEnvironment` (no private attributes, nothing marked
unsafe), with these limits on top:

- a source file is read only from inside the house folder the user named (no ``..``, no
  absolute names, no symbolic link leading out, be it the file, its ``rules/`` or
  ``templates/`` subfolder or any folder on the way: every path is resolved to its real
  path and checked against the house folder's real path before it is opened), only if it
  is a regular file (a FIFO is refused without being opened) of at most
  :data:`MAX_SOURCE_BYTES`, and only if it is UTF-8;
- an operator, filter, method or block that would build a string or list longer than
  :data:`MAX_SIZE` (1,000,000 characters or items), or a power with a huge exponent, is
  refused before it is computed: its size is worked out from its inputs first (widths,
  occurrences, items; see :mod:`printplay.core.sandbox_limits`), and the templates of one house
  environment may build at most :data:`MAX_BUILT` (20,000,000) characters and items in
  all;
- one render may produce at most :data:`MAX_OUTPUT` characters and run for at most
  :data:`MAX_SECONDS` seconds, and a whole printable made from house sources, typesetting
  included, at most :data:`MAX_RENDER_SECONDS` (:func:`render_deadline`; enforced in the
  main thread of a process, where templates run);
- anything a template raises (an undefined name, ``1/0``, a recursive macro, a refused
  operation) becomes one :class:`~printplay.core.errors.RulebookError` naming the file and line.

>>> env = sandboxed_environment()
>>> env.from_string("{{ 6 * 7 }}").render()
'42'
>>> with template_errors("house.md") as holder:
...     holder.template = env.from_string("{{ cycler.__init__.__globals__ }}")
...     bounded_render(holder.template, {})
Traceback (most recent call last):
...
printplay.core.errors.RulebookError: house.md, line 1: access to attribute '__init__' of ...
"""

from __future__ import annotations

import contextlib
import functools
import os
import signal
import threading
import time
import types
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from types import FrameType, TracebackType
from typing import Any, NamedTuple, ParamSpec, TypeVar

import jinja2
from jinja2 import nodes
from jinja2.compiler import CodeGenerator, Frame
from jinja2.exceptions import SecurityError
from jinja2.nodes import EvalContext
from jinja2.runtime import Context, markup_join, str_join
from jinja2.sandbox import SandboxedEnvironment, SandboxedEscapeFormatter, SandboxedFormatter
from markupsafe import Markup

from printplay.core.errors import PrintplayError, RulebookError
from printplay.core.sandbox_limits import (
    MAX_BUILT,
    MAX_LISTS,
    MAX_SIZE,
    Budget,
    bounded_filters,
    check_text,
    field_size,
    is_macro,
    join_size,
    listed,
    percent_size,
    replace_size,
    text_size,
    translate_size,
)
from printplay.core.template_cache import CachedFunctionLoader
from printplay.core.textfile import open_regular

__all__ = [
    "MAX_BUILT",
    "MAX_LISTS",
    "MAX_OUTPUT",
    "MAX_RENDER_SECONDS",
    "MAX_SECONDS",
    "MAX_SIZE",
    "MAX_SOURCE_BYTES",
    "TEMPLATE_PACKAGES",
    "HouseFolder",
    "HouseLoader",
    "Sandbox",
    "SourceError",
    "TemplateHolder",
    "bounded_call",
    "bounded_render",
    "house_deadline",
    "house_folders",
    "house_sources",
    "render_deadline",
    "sandboxed_environment",
    "template_errors",
    "time_limit",
]

TEMPLATE_PACKAGES = ("printplay.rules", "printplay.templates")
"""The packages searched for rulebook sources and templates, in order."""

MAX_SOURCE_BYTES = 1 << 20
"""The largest source file read (1 MiB; the longest bundled rulebook is about 30 KiB)."""

MAX_OUTPUT = 4_000_000
"""The most characters one render may produce."""

MAX_SECONDS = 10.0
"""The longest one render (or one macro call) may run."""

MAX_RENDER_SECONDS = 60.0
"""The longest a printable made from house sources may take, typesetting included (the
bundled rulebook takes about 2 s)."""


# --------------------------------------------------------------------------------------------
# Reading sources


class HouseFolder(NamedTuple):
    """A folder templates are read from, and the house folder it belongs to: no file is
    read from outside ``root``, whatever symbolic links lead there."""

    path: Path
    """The folder's real path (symbolic links resolved)."""
    root: Path
    """The real path of the house folder the user named."""


def house_folders(folder: Path) -> list[HouseFolder]:
    """The folders a house edition is read from: ``folder`` itself, then its ``rules/`` and
    ``templates/`` if it has them (so a copy of the repository's layout works too), each
    by its real path.

    A ``rules/`` or ``templates/`` that is a symbolic link leading out of ``folder`` is a
    :class:`SourceError`: the house folder is everything a house file may read.
    """
    try:
        root = Path(folder).resolve(strict=True)
    except (OSError, RuntimeError) as error:
        raise SourceError(f"--rules-dir {folder}: {_reason(error)}") from None
    found = [HouseFolder(root, root)]
    for sub in ("rules", "templates"):
        path = Path(folder) / sub
        if not path.is_symlink() and not path.exists():
            continue
        try:
            real = path.resolve()  # not strict: a link out is refused whether or not it leads
        except (OSError, RuntimeError) as error:  # to something (no telling what exists)
            raise SourceError(f"{path}: {_reason(error)}") from None
        if not real.is_relative_to(root):
            raise SourceError(f"{path} leads out of {folder} (a symbolic link): not read")
        if real.is_dir():
            found.append(HouseFolder(real, root))
    return found


HOUSE_SUFFIXES = (".md", ".j2")
"""What the sources and templates of a house edition end in."""


def house_sources(folder: Path, limit: int = 10_000) -> Iterator[Path]:
    """The house sources and templates under ``folder`` (at any depth, as a template may
    include one from a subfolder), for a command to keep its output off them; at most
    ``limit`` entries are looked at, and symbolic links to folders are not followed."""
    seen = 0
    for root, folders, files in os.walk(folder):
        seen += len(folders) + len(files)
        for name in files:
            if name.endswith(HOUSE_SUFFIXES):
                yield Path(root, name)
        if seen > limit:
            return


def _reason(error: BaseException) -> str:
    """Why a path could not be resolved, in a few words."""
    if isinstance(error, RuntimeError):  # pathlib's report of a symbolic link loop
        return "a symbolic link loop"
    return str(getattr(error, "strerror", None) or error)


def _parts(name: str) -> list[str] | None:
    """The path parts of a template name, or ``None`` if it could leave its folder."""
    parts = name.replace("\\", "/").split("/")
    if name.startswith("/") or any(part in ("", ".", "..") or ":" in part for part in parts):
        return None
    return parts


class SourceError(RulebookError):
    """A source file that cannot be read: too large, not UTF-8, unreadable.  Its message
    already names the file."""


def _decode(data: bytes, where: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise SourceError(f"{where}, line {line}: not UTF-8 text (byte {error.start})") from None


class HouseLoader(jinja2.BaseLoader):
    """Loads templates from folders a user names, never from outside them.

    Each folder is a :class:`HouseFolder` (or a path, its own root).  A name with ``..``,
    an absolute name, a file whose real path (every symbolic link resolved, in the folder's
    path as in the name) lies outside the folder's root, anything but a regular file (a
    FIFO is not even opened: it would hang), a file over :data:`MAX_SOURCE_BYTES` and a
    file that is not UTF-8 are refused (the ones found with a :class:`SourceError`; a
    name that could leave its folder is simply not found there).
    """

    def __init__(self, folders: Sequence[str | Path | HouseFolder]) -> None:
        self.folders = [
            folder if isinstance(folder, HouseFolder) else HouseFolder(Path(folder), Path(folder))
            for folder in folders
        ]

    def get_source(
        self, environment: jinja2.Environment, template: str
    ) -> tuple[str, str | None, Callable[[], bool] | None]:
        """The text of ``template``, its file name and an up-to-date check."""
        parts = _parts(template)
        if parts is not None:
            for folder in self.folders:
                found = self._read(folder, parts)
                if found is not None:
                    return found
        raise jinja2.TemplateNotFound(template)

    def _read(
        self, folder: HouseFolder, parts: list[str]
    ) -> tuple[str, str, Callable[[], bool]] | None:
        path = folder.path.joinpath(*parts)
        try:
            root = folder.root.resolve(strict=True)
            real = path.resolve()  # not strict: a link out is refused whether or not its
        except (OSError, RuntimeError):  # target exists (no telling what exists outside)
            return None
        if not real.is_relative_to(root):  # only a symbolic link on the way leads out
            raise SourceError(f"{path} leads out of {folder.root} (a symbolic link): not read")
        if not real.exists() or real.is_dir():
            return None
        with open_regular(real, "rulebook source", error=SourceError) as handle:
            try:
                info = os.fstat(handle.fileno())
                if info.st_size > MAX_SOURCE_BYTES:
                    raise SourceError(
                        f"{path}: {info.st_size:,} bytes is too large for a rulebook source "
                        f"(at most {MAX_SOURCE_BYTES:,})"
                    )
                data = handle.read(MAX_SOURCE_BYTES + 1)
            except OSError as error:
                raise SourceError(f"cannot read {path}: {error.strerror or error}") from None
        mtime = info.st_mtime
        return _decode(data, str(path)), str(path), lambda: _mtime(real) == mtime


def _mtime(path: Path) -> float | None:
    try:
        return path.stat().st_mtime
    except OSError:
        return None


def _package_folders() -> list[Traversable]:
    return [resources.files(package) for package in TEMPLATE_PACKAGES]


def _load_packaged(name: str) -> tuple[str, str | None, None] | None:
    """Load a bundled template through importlib.resources."""
    parts = _parts(name)
    if parts is None:
        return None
    for folder in _package_folders():
        candidate = folder.joinpath(*parts)
        if candidate.is_file():
            filename = str(candidate) if isinstance(candidate, Path) else None
            return candidate.read_text(encoding="utf-8"), filename, None
    return None


# --------------------------------------------------------------------------------------------
# The sandbox


class _SizedConcat(CodeGenerator):
    """Jinja's code generator, but ``a ~ b`` joins through the environment's
    :meth:`Sandbox.sized_join` (Jinja compiles it to a plain join the sandbox never sees,
    so doubling a string forty times would fill the memory)."""

    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:
        self.write("environment.sized_join(context.eval_ctx, (")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")


def _check_repeat(left: object, right: object, budget: Budget) -> None:
    for seq, count in ((left, right), (right, left)):
        if isinstance(seq, _SEQUENCES) and isinstance(count, int):
            if len(seq) * max(count, 0) > MAX_SIZE:
                raise SecurityError(f"repeating a value {count:,} times makes it too long")
            budget.charge(len(seq) * max(count, 0), "a repeated value")


def _width(value: object, what: str) -> int:
    if isinstance(value, int) and value > MAX_SIZE:
        raise SecurityError(f"{what} {value:,} is too large (at most {MAX_SIZE:,})")
    return value if isinstance(value, int) else 0


def _argument(args: tuple[object, ...], kwargs: dict[str, object], index: int, name: str) -> object:
    if len(args) > index:
        return args[index]
    return kwargs.get(name)


_TEXTS = (str, bytes, bytearray)
_SEQUENCES = (str, bytes, bytearray, list, tuple)


def _str_method_size(
    owner: str | bytes | bytearray, name: str, args: tuple[object, ...], kwargs: dict[str, object]
) -> tuple[tuple[object, ...], int | None]:
    """The arguments to call the string (or bytes) method ``name`` of ``owner`` with, and
    the size of its result if it can outgrow the text many times (else ``None``: measured
    after)."""
    if name in ("center", "ljust", "rjust", "zfill"):
        width = _width(_argument(args, kwargs, 0, "width"), "a width")
        return args, max(len(owner), width)
    if name == "expandtabs":
        tab = _argument(args, kwargs, 0, "tabsize")
        tab = 8 if tab is None else _width(tab, "a tab size")
        tabs = owner.count("\t") if isinstance(owner, str) else owner.count(b"\t")
        return args, len(owner) + tabs * max(tab, 0)
    if name == "replace" and len(args) >= 2:
        old, new = args[0], args[1]
        if isinstance(old, _TEXTS) and isinstance(new, _TEXTS):
            count = _argument(args, kwargs, 2, "count")
            return args, replace_size(owner, old, new, count)
    if name == "join" and args:
        items = listed(args[0])
        return (items, *args[1:]), len(items) + join_size(items, owner)
    if name == "translate" and args and isinstance(owner, str):
        return args, translate_size(owner, args[0])
    return args, None


class _SizedFormatter(SandboxedFormatter):
    """Jinja's formatter for ``str.format``, counting each field before it is formatted:
    a width (``{:>9999999}``, or ``{:{w}}`` with ``w`` an argument) builds nothing until
    the whole is known to stay under :data:`MAX_SIZE`."""

    def __init__(self, env: jinja2.Environment, **kwargs: object) -> None:
        super().__init__(env, **kwargs)
        self.size = 0

    def format_field(self, value: object, format_spec: str) -> str:
        """Format one field, once its size is known to fit."""
        self.size += field_size(value, format_spec)
        if self.size > MAX_SIZE:
            raise SecurityError(f"a format's text would be over {MAX_SIZE:,} characters")
        formatted: str = super().format_field(value, format_spec)
        return formatted

    def convert_field(self, value: object, conversion: str | None) -> object:
        """``!r``, ``!s``, ``!a``, once the text is known to fit."""
        if conversion is not None:
            check_text(value, "a value formatted")
        return super().convert_field(value, conversion)


class _SizedEscapeFormatter(_SizedFormatter, SandboxedEscapeFormatter):
    """:class:`_SizedFormatter` for ``Markup.format``."""


class Sandbox(SandboxedEnvironment):
    """Jinja's sandbox, with sizes bounded (see the module's docstring and
    :mod:`printplay.core.sandbox_limits`)."""

    code_generator_class = _SizedConcat
    intercepted_binops = frozenset({"*", "**", "%", "+"})

    def __init__(self, budget: Budget, **options: object) -> None:
        super().__init__(**options)
        self.budget = budget
        self.finalize = self.printed
        self.filters.update(bounded_filters(self.filters, budget))

    def add_filters(self, **filters: Callable[..., object]) -> None:
        """Offer more filters, measured as the built-in ones are."""
        self.filters.update(bounded_filters(filters, self.budget))

    def printed(self, value: object) -> object:
        """What ``{{ value }}`` prints, once its text is known to fit (a string is printed
        as it is; anything else is turned into text, which is counted)."""
        if not isinstance(value, str):
            self.budget.charge(text_size(value), "a value printed")
        return value

    def concat(self, pieces: Iterable[str]) -> str:
        """The text of a macro, a ``{% set %}`` or a ``{% filter %}`` block, measured
        before its pieces are joined."""
        items = pieces if isinstance(pieces, list) else list(pieces)
        self.budget.charge(sum(len(item) for item in items), "the text of a macro or block")
        return "".join(items)

    def sized_join(self, eval_ctx: EvalContext, values: tuple[object, ...]) -> str:
        """``a ~ b ~ …``, refused if the result would be longer than :data:`MAX_SIZE`."""
        size = 0
        for value in values:
            size += text_size(value, MAX_SIZE - size)
            if size > MAX_SIZE:
                raise SecurityError(f"a string joined with ~ would be too long (over {MAX_SIZE:,})")
        self.budget.charge(size, "a string joined with ~")
        texts = [str(value) if not hasattr(value, "__html__") else value for value in values]
        return markup_join(texts) if eval_ctx.autoescape or eval_ctx.volatile else str_join(texts)

    def call_binop(self, context: Context, operator_: str, left: object, right: object) -> object:
        """``*``, ``**``, ``+`` and ``%``, refused before they run if the result would be
        too long (or, for ``**``, too large a number)."""
        if operator_ == "*":
            _check_repeat(left, right, self.budget)
        elif operator_ == "**" and isinstance(left, int) and isinstance(right, int):
            if abs(left) > 1 and left.bit_length() * right > 8 * MAX_SIZE:
                raise SecurityError(f"a power with the exponent {right:,} is too large")
        elif operator_ == "+" and isinstance(left, _SEQUENCES):
            if isinstance(right, _SEQUENCES):
                self.budget.charge(len(left) + len(right), "a sum")
        elif operator_ == "%" and isinstance(left, _TEXTS):
            check_text(right, "a value formatted with %")
            fmt = left if isinstance(left, str) else left.decode("latin-1")
            self.budget.charge(percent_size(fmt, right), "a text formatted with %")
        return _short(self.binop_table[operator_](left, right))

    def wrap_str_format(self, value: object) -> Callable[..., str] | None:
        """``str.format`` and ``format_map``, through :class:`_SizedFormatter`."""
        if not isinstance(value, types.MethodType | types.BuiltinMethodType):
            return None
        if value.__name__ not in ("format", "format_map") or not isinstance(value.__self__, str):
            return None
        text: str = value.__self__
        is_map = value.__name__ == "format_map"

        def wrapper(*args: object, **kwargs: object) -> str:
            if is_map:
                if kwargs or len(args) != 1:
                    raise TypeError("format_map() takes exactly one argument")
                lookup: Any = args[0]  # format_map takes anything with __getitem__
                kwargs, args = lookup, ()
            formatter: _SizedFormatter
            if isinstance(text, Markup):
                formatter = _SizedEscapeFormatter(self, escape=text.escape)
            else:
                formatter = _SizedFormatter(self)
            return type(text)(formatter.vformat(text, args, kwargs))

        return functools.update_wrapper(wrapper, value)

    def call(__self, __context: Context, __obj: object, *args: object, **kwargs: object) -> object:
        """Call as the sandbox does, the size of what the call builds measured first."""
        budget = __self.budget
        owner = getattr(__obj, "__self__", None)
        name = getattr(__obj, "__name__", "")
        if is_macro(__obj):  # its text is measured as it is joined
            return SandboxedEnvironment.call(__self, __context, __obj, *args, **kwargs)
        known = None
        if isinstance(owner, list | dict | set):  # nothing turned into text: only grown
            _grow(owner, name, args, kwargs, budget)
        else:
            for value in (*args, *kwargs.values()):
                check_text(value, "an argument")
        if isinstance(owner, _TEXTS):
            args, known = _str_method_size(owner, name, args, kwargs)
            if known is not None:
                budget.charge(known, f"the result of str.{name}")
        result = SandboxedEnvironment.call(__self, __context, __obj, *args, **kwargs)
        if known is None and isinstance(result, str | list | tuple | dict):
            budget.charge(len(result), "the result of a call")
        return _short(result)


def _grow(
    owner: list[object] | dict[object, object] | set[object],
    name: str,
    args: tuple[object, ...],
    kwargs: dict[str, object],
    budget: Budget,
) -> None:
    """Refuse a list, dict or set grown past :data:`MAX_SIZE` items; count what is added."""
    added = 0
    if name in ("append", "insert", "add", "setdefault"):
        added = 1
    elif name in ("extend", "update") and args and hasattr(args[0], "__len__"):
        added = len(args[0])
    elif name in ("extend", "update"):
        added = len(kwargs) if not args else MAX_SIZE + 1  # an iterator: length unknown
    if added and len(owner) + added > MAX_SIZE:
        raise SecurityError(f"a list, dict or set would be too long (over {MAX_SIZE:,} items)")
    budget.charge(added, "a list, dict or set grown")


def _short(result: object) -> object:
    if isinstance(result, _SEQUENCES) and len(result) > MAX_SIZE:
        raise SecurityError(f"a value of {len(result):,} items is too long (at most {MAX_SIZE:,})")
    return result


def sandboxed_environment(
    search_path: Sequence[str | Path | HouseFolder] = (),
) -> Sandbox:
    """The sandboxed Jinja2 environment every rulebook source and template runs in.

    Templates are looked up in the folders of ``search_path`` first, then among the bundled
    sources (``printplay.rules`` and ``printplay.templates``).  Jinja runs with
    ``StrictUndefined`` (a misspelt name is an error, not an empty string), ``trim_blocks``
    and ``lstrip_blocks``, and no HTML escaping.  An environment with house folders may
    build at most :data:`MAX_BUILT` characters and items in all.
    """
    loader = jinja2.ChoiceLoader([HouseLoader(search_path), CachedFunctionLoader(_load_packaged)])
    env = Sandbox(
        Budget(MAX_BUILT if search_path else None),
        loader=loader,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
    )
    env.globals.pop("lipsum", None)
    return env


# --------------------------------------------------------------------------------------------
# Time and size limits


class _TimeUp(Exception):
    """A deadline passed; its one argument is the deadline's length in seconds."""

    @property
    def seconds(self) -> float:
        """The length of the deadline that passed.  A library may have rebuilt the error
        from a message (reportlab's ``annotateException`` does), losing the number: the
        length then comes from the last deadline that fired."""
        length = self.args[0] if self.args else None
        return length if isinstance(length, float) else _last_fired[0]


_deadlines: list[tuple[float, float]] = []
"""The deadlines in force, innermost last: when each passes (monotonic clock), and its
length in seconds."""
_last_fired = [0.0]
"""The length in seconds of the deadline that passed last."""
_outside_handler: Callable[[int, FrameType | None], object] | int | signal.Handlers | None = None


def _time_up(signum: int, frame: FrameType | None) -> None:
    _last_fired[0] = min(_deadlines)[1] if _deadlines else 0.0
    raise _TimeUp(_last_fired[0])


def _arm(now: float) -> None:
    """Set the timer for the nearest deadline in force."""
    nearest = min(when for when, _ in _deadlines)
    signal.setitimer(signal.ITIMER_REAL, max(nearest - now, 1e-6))


@contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    """Raise :class:`_TimeUp` in the block once ``seconds`` have passed, or sooner if an
    outer deadline passes first (main thread only; elsewhere the block runs unbounded)."""
    global _outside_handler
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable:
        yield
        return
    now = time.monotonic()
    if not _deadlines:
        _outside_handler = signal.signal(signal.SIGALRM, _time_up)
    _deadlines.append((now + seconds, seconds))
    _arm(now)
    try:
        yield
    finally:
        _deadlines.pop()
        if _deadlines:
            _arm(time.monotonic())
        else:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, _outside_handler)


@contextmanager
def render_deadline(search_path: Sequence[object], what: str) -> Iterator[None]:
    """A printable made from house sources (``search_path`` not empty), typesetting and
    all, may take at most :data:`MAX_RENDER_SECONDS`: past that it is one
    :class:`RulebookError` naming ``what``.  Bundled sources run unbounded.  A file being
    written is left unwritten (outputs are written to a temporary file, then moved)."""
    if not search_path:
        yield
        return
    try:
        with _deadline(MAX_RENDER_SECONDS):
            yield
    except _TimeUp as error:
        raise RulebookError(
            f"{what}: rendering and typesetting took longer than {error.seconds:g} s"
        ) from None


_P = ParamSpec("_P")
_R = TypeVar("_R")


def house_deadline(what: str) -> Callable[[Callable[_P, _R]], Callable[_P, _R]]:
    """Decorate a function that draws a printable: called with a ``rules_dir``, it runs
    under :func:`render_deadline` (``what`` names the printable in the message)."""

    def decorate(function: Callable[_P, _R]) -> Callable[_P, _R]:
        @functools.wraps(function)
        def bounded(*args: _P.args, **kwargs: _P.kwargs) -> _R:
            rules_dir = kwargs.get("rules_dir")
            with render_deadline([rules_dir] if rules_dir is not None else [], what):
                return function(*args, **kwargs)

        return bounded

    return decorate


def time_limit() -> contextlib.AbstractContextManager[None]:
    """A block that may run for at most :data:`MAX_SECONDS` (in the main thread)."""
    return _deadline(MAX_SECONDS)


def bounded_render(template: jinja2.Template, context: dict[str, object]) -> str:
    """Render ``template``, refusing output over :data:`MAX_OUTPUT` characters and a render
    longer than :data:`MAX_SECONDS`."""
    pieces: list[str] = []
    size = 0
    with _deadline(MAX_SECONDS):
        for piece in template.generate(context):
            size += len(piece)
            if size > MAX_OUTPUT:
                raise SecurityError(f"the text runs past {MAX_OUTPUT:,} characters")
            pieces.append(piece)
    return "".join(pieces)


def bounded_call(function: Callable[..., object], **kwargs: object) -> str:
    """Call a template macro, under the same limits as :func:`bounded_render`."""
    with _deadline(MAX_SECONDS):
        text = str(function(**kwargs))
    if len(text) > MAX_OUTPUT:
        raise SecurityError(f"the text runs past {MAX_OUTPUT:,} characters")
    return text


# --------------------------------------------------------------------------------------------
# Errors


def _template_line(error: BaseException, filename: str | None) -> int | None:
    """The template line an error was raised at, from Jinja's rewritten traceback."""
    line = getattr(error, "lineno", None)
    if isinstance(line, int):
        return line
    tb: TracebackType | None = error.__traceback__
    found: int | None = None
    while tb is not None:
        code_file = tb.tb_frame.f_code.co_filename
        if code_file == "<template>" or (filename is not None and code_file == filename):
            found = tb.tb_lineno
        tb = tb.tb_next
    return found


class TemplateHolder:
    """The template being rendered, for error messages that name its file."""

    template: jinja2.Template | None = None


_MESSAGE_LIMIT = 200


def _describe(error: BaseException) -> str:
    if isinstance(error, _TimeUp):
        return f"the template ran longer than {error.seconds:g} s"
    if isinstance(error, RecursionError):
        return "the template calls itself too deeply (a recursive macro?)"
    if isinstance(error, MemoryError):
        return "the template needs more memory than there is"
    if isinstance(error, jinja2.TemplateError):
        text = error.message or type(error).__name__
    elif isinstance(error, PrintplayError):
        text = str(error)
    else:
        text = f"{type(error).__name__}: {error}".rstrip(": ")
    text = " ".join(text.split())
    return text if len(text) <= _MESSAGE_LIMIT else text[: _MESSAGE_LIMIT - 1] + "…"


@contextmanager
def template_errors(where: str, search_path: Sequence[str | Path] = ()) -> Iterator[TemplateHolder]:
    """Turn anything a template raises inside the block into one :class:`RulebookError`
    line that names the file and line (``where`` names the source when no file is known).

    A :class:`RulebookError` raised while reading a source passes through as it is.
    """
    holder = TemplateHolder()
    try:
        yield holder
    except jinja2.TemplateNotFound as error:
        folders = [str(p) for p in search_path] + ["rules/", "templates/"]
        missing = f"no rulebook template {error.name!r} (looked in {', '.join(folders)})"
        template = holder.template
        if template is None or template.filename is None:  # the template asked for itself
            raise RulebookError(missing) from None
        at = _place(template.filename, _template_line(error, template.filename), where)
        raise RulebookError(f"{at}: {missing}") from None
    except SourceError:
        raise
    except Exception as error:
        raise _located(error, where, holder) from error


def _located(error: BaseException, where: str, holder: TemplateHolder) -> RulebookError:
    filename = getattr(error, "filename", None)
    template = holder.template
    if not isinstance(filename, str):
        filename = template.filename if template is not None else None
    name = getattr(error, "name", None) if isinstance(error, jinja2.TemplateError) else None
    at = _place(filename, _template_line(error, filename), where, name)
    return RulebookError(f"{at}: {_describe(error)}")


def _place(filename: str | None, line: int | None, where: str, name: str | None = None) -> str:
    """Where in a template something went wrong: ``name`` (else the file's name, else
    ``where``) and the line, if known (``<template>``, a template from text, has no file
    name)."""
    if filename is not None and filename.startswith("<"):
        filename = None
    name = name or (filename and Path(filename).name) or where
    return f"{name}, line {line}" if line else str(name)
