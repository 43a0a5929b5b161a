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
- an operator or call that would build a string or list longer than :data:`MAX_SIZE`, or a
  power with a huge exponent, is refused before it is computed;
- one render may produce at most :data:`MAX_OUTPUT` characters and run for at most
  :data:`MAX_SECONDS` seconds (enforced in the main thread of a process, where templates
  run);
- anything a template raises (an undefined name, ``1/0``, a recursive macro, a refused
  operation) becomes one :class:`~printplay.errors.RulebookError` naming the file and line.

>>> env = sandboxed_environment()
>>> env.from_string("{{ 6 * 7 }}").render()
'42'
>>> with template_errors("house.md") as holder:
...     holder.template = env.from_string("{{ cycler.__init__.__globals__ }}")
...     bounded_render(holder.template, {})
Traceback (most recent call last):
...
printplay.errors.RulebookError: house.md, line 1: access to attribute '__init__' of ...
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from types import FrameType, TracebackType
from typing import Any, NamedTuple

import jinja2
from jinja2 import nodes
from jinja2.compiler import CodeGenerator, Frame
from jinja2.exceptions import SecurityError
from jinja2.runtime import markup_join, str_join
from jinja2.sandbox import SandboxedEnvironment

from printplay.errors import PrintplayError, RulebookError
from printplay.textfile import open_regular

__all__ = [
    "MAX_OUTPUT",
    "MAX_SECONDS",
    "MAX_SIZE",
    "MAX_SOURCE_BYTES",
    "TEMPLATE_PACKAGES",
    "HouseFolder",
    "HouseLoader",
    "SourceError",
    "TemplateHolder",
    "bounded_call",
    "bounded_render",
    "house_folders",
    "house_sources",
    "sandboxed_environment",
    "template_errors",
    "time_limit",
]

TEMPLATE_PACKAGES = ("printplay.rules", "printplay.templates")
"""The packages searched for rulebook sources and templates, in order."""

MAX_SOURCE_BYTES = 1 << 20
"""The largest source file read (1 MiB; the longest bundled rulebook is about 30 KiB)."""

MAX_SIZE = 1_000_000
"""The longest string or list an operator or call in a template may build."""

MAX_OUTPUT = 4_000_000
"""The most characters one render may produce."""

MAX_SECONDS = 10.0
"""The longest one render (or one macro call) may run."""


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
        try:
            real = path.resolve(strict=True)
        except FileNotFoundError:
            if path.is_symlink():  # a link to nothing: say so rather than ignore it
                raise SourceError(f"{path} is a symbolic link to nothing: not read") from None
            continue
        except (OSError, RuntimeError) as error:
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
            real = path.resolve(strict=True)
        except (OSError, RuntimeError):
            return None
        if not real.is_relative_to(root):
            raise SourceError(f"{path} leads out of {folder.root} (a symbolic link): not read")
        if real.is_dir():
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


def _too_big(value: object) -> bool:
    return isinstance(value, str | bytes | list | tuple) and len(value) > MAX_SIZE


def _sized(result: Any) -> Any:
    if _too_big(result):
        raise SecurityError(f"a value of {len(result):,} items is too long (at most {MAX_SIZE:,})")
    return result


def _check_repeat(left: object, right: object) -> None:
    for seq, count in ((left, right), (right, left)):
        if not isinstance(seq, str | list | tuple) or not isinstance(count, int):
            continue
        if len(seq) * max(count, 0) > MAX_SIZE:
            raise SecurityError(f"repeating a value {count:,} times makes it too long")


def _check_number(value: object, what: str) -> None:
    if isinstance(value, int) and abs(value) > MAX_SIZE:
        raise SecurityError(f"{what} {value:,} is too large (at most {MAX_SIZE:,})")


_SIZED_STR_METHODS = frozenset({"center", "ljust", "rjust", "zfill", "expandtabs", "join"})


class _SizedConcat(CodeGenerator):
    """Jinja's code generator, but ``a ~ b`` joins through the environment's
    :meth:`_Sandbox.sized_join` (Jinja compiles it to a plain join the sandbox never sees,
    so doubling a string forty times would fill the memory)."""

    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:
        self.write("environment.sized_join(context.eval_ctx, (")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")


class _Sandbox(SandboxedEnvironment):
    """Jinja's sandbox, with sizes bounded (see the module's docstring)."""

    code_generator_class = _SizedConcat
    intercepted_binops = frozenset({"*", "**", "%", "+"})

    def sized_join(self, eval_ctx: Any, values: tuple[Any, ...]) -> str:
        """``a ~ b ~ …``, refused if the result would be longer than :data:`MAX_SIZE`."""
        texts = [str(value) if not hasattr(value, "__html__") else value for value in values]
        if sum(len(text) for text in texts) > MAX_SIZE:
            raise SecurityError(f"a string joined with ~ would be too long (over {MAX_SIZE:,})")
        return markup_join(texts) if eval_ctx.autoescape or eval_ctx.volatile else str_join(texts)

    def call_binop(self, context: Any, operator_: str, left: Any, right: Any) -> Any:
        """Refuse ``*`` and ``**`` whose result would be huge, and ``%`` with huge widths."""
        if operator_ == "*":
            _check_repeat(left, right)
        elif operator_ == "**" and isinstance(left, int) and isinstance(right, int):
            if abs(left) > 1 and left.bit_length() * right > 8 * MAX_SIZE:
                raise SecurityError(f"a power with the exponent {right:,} is too large")
        elif operator_ == "%" and isinstance(left, str):
            _check_format_string(left)
            for value in right if isinstance(right, tuple) else (right,):
                _check_number(value, "a number formatted")
        return _sized(self.binop_table[operator_](left, right))

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """Refuse ``str.format`` on a format with a huge width before it runs."""
        wrapped = super().wrap_str_format(value)
        if wrapped is not None:
            _check_format_string(value.__self__)
        return wrapped

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        """Refuse calls whose arguments or result are too long, then call as the sandbox
        does."""
        for value in (*args, *kwargs.values()):
            if _too_big(value):
                raise SecurityError("an argument is too long to pass to a call")
        owner = getattr(__obj, "__self__", None)
        if isinstance(owner, str) and getattr(__obj, "__name__", "") in _SIZED_STR_METHODS:
            for value in (*args, *kwargs.values()):
                _check_number(value, "a width")
        return _sized(SandboxedEnvironment.call(__self, __context, __obj, *args, **kwargs))


def _check_format_string(text: str) -> None:
    digits = 0
    for char in text:
        digits = digits + 1 if char.isdigit() else 0
        if digits > 6:
            raise SecurityError("a format with a width or precision over 999,999")


def _bounded_filter(filter_: Callable[..., Any]) -> Callable[..., Any]:
    def bounded(value: Any, *args: Any, **kwargs: Any) -> Any:
        for argument in (*args, *kwargs.values()):
            _check_number(argument, "a width")
            if isinstance(argument, str):
                _check_format_string(argument)
        if isinstance(value, str):
            _check_format_string(value)
        return _sized(filter_(value, *args, **kwargs))

    bounded.__name__ = getattr(filter_, "__name__", "filter")
    for mark in ("jinja_pass_arg",):
        if hasattr(filter_, mark):
            setattr(bounded, mark, getattr(filter_, mark))
    return bounded


_SIZED_FILTERS = ("center", "indent", "wordwrap", "format", "truncate", "batch", "slice", "join")


def sandboxed_environment(
    search_path: Sequence[str | Path | HouseFolder] = (),
) -> jinja2.Environment:
    """The sandboxed Jinja2 environment every rulebook source and template runs in.

    Templates are looked up in the folders of ``search_path`` first, then among the bundled
    sources (``printplay.rules`` and ``printplay.templates``).  Jinja runs with
    ``StrictUndefined`` (a misspelt name is an error, not an empty string), ``trim_blocks``
    and ``lstrip_blocks``, and no HTML escaping.
    """
    loader = jinja2.ChoiceLoader([HouseLoader(search_path), jinja2.FunctionLoader(_load_packaged)])
    env = _Sandbox(
        loader=loader,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
    )
    env.globals.pop("lipsum", None)
    for name in _SIZED_FILTERS:
        env.filters[name] = _bounded_filter(env.filters[name])
    return env


# --------------------------------------------------------------------------------------------
# Time and size limits


class _TimeUp(Exception):
    """A render ran past :data:`MAX_SECONDS`."""


_timer_depth = 0


def _time_up(signum: int, frame: FrameType | None) -> None:
    raise _TimeUp


@contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    """Raise :class:`_TimeUp` in the block once ``seconds`` have passed (main thread only;
    elsewhere, and inside an outer deadline, the block runs unbounded by this one)."""
    global _timer_depth
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable or _timer_depth:
        _timer_depth += 1
        try:
            yield
        finally:
            _timer_depth -= 1
        return
    previous = signal.signal(signal.SIGALRM, _time_up)
    _timer_depth += 1
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        _timer_depth -= 1


def time_limit() -> contextlib.AbstractContextManager[None]:
    """A block that may run for at most :data:`MAX_SECONDS` (in the main thread)."""
    return _deadline(MAX_SECONDS)


def bounded_render(template: jinja2.Template, context: dict[str, Any]) -> str:
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


def bounded_call(function: Callable[..., Any], **kwargs: object) -> str:
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
        return f"the template ran longer than {MAX_SECONDS:g} s"
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
