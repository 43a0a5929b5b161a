"""How big a value a template may build, measured before it is built.

A string operation in Python runs in one go, in C: ``s.replace("x", long)`` or
``"{:{w}}".format(1, w=10**9)`` allocates its whole result before a time limit or a size
check after the fact can stop it.  So the sandbox (:mod:`printplay.core.templating`) works out
the size of each result from its inputs first, and refuses it, with a
:class:`~jinja2.exceptions.SecurityError`, if it would be longer than :data:`MAX_SIZE`
characters (or items):

- ``*``, ``+``, ``~`` and ``%`` (with the widths and precisions of the format, ``*`` widths
  taken from the arguments), and ``str.format`` / ``format_map`` (each field's width,
  nested ``{:{w}}`` ones too, once the field is known);
- the filters and string methods whose result can outgrow their input many times:
  ``replace`` (occurrences times the growth), ``tojson`` (an indent of at most
  :data:`MAX_JSON_INDENT`), ``join`` (the items and the separators),
  ``center`` / ``ljust`` / ``rjust`` / ``zfill`` (the width), ``indent`` (lines times the
  indent), ``wordwrap`` (lines times the wrap string), ``expandtabs`` (tabs times the tab
  size), ``translate`` (each character's replacement), ``format``, ``batch`` and ``slice``
  (at most :data:`MAX_LISTS` lists), ``sum`` of lists;
- anything turned into text (printed with ``{{ }}``, joined with ``~``, given to a filter
  such as ``upper`` or ``tojson``): a list holding the same long string a thousand times
  is short as a list and a gigabyte as text, so its text is measured (:func:`text_size`);
- the text of a macro, a ``{% set %}`` block or a ``{% filter %}`` block before its
  pieces are joined; a list or dict grown by ``append``, ``extend``, ``insert``,
  ``update``, ``setdefault``.

Each value a house template builds is also counted, and a house template may build at
most :data:`MAX_BUILT` characters and items in all (many values each under
:data:`MAX_SIZE`, kept in a list, would otherwise fill the memory all the same).

>>> text_size(["x" * 1000] * 1000) > MAX_SIZE  # a short list, but a megabyte of text
True
>>> percent_size("%-*s|", (1_000_000, "x"))
1000001
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping

from jinja2 import Environment, pass_environment
from jinja2.exceptions import SecurityError
from jinja2.nodes import EvalContext
from jinja2.runtime import Macro, Undefined
from jinja2.utils import Namespace

MAX_SIZE = 1_000_000
"""The longest string or list one operation in a template may build."""

MAX_BUILT = 20_000_000
"""The most characters and items the templates of one house environment may build in all
(a copy of the bundled sheet words builds about 15,000 for a whole sheet)."""

MAX_LISTS = 100_000
"""The most lists ``batch`` or ``slice`` may cut a sequence into."""

MAX_JSON_INDENT = 8
"""The widest indent ``tojson`` may take (every line of the JSON repeats it)."""

_OBJECT = 200
"""What the text of an object of another kind (a macro, a generator) is counted as."""


class Budget:
    """What one environment's templates have built, and what they may still build."""

    def __init__(self, limit: int | None) -> None:
        self.limit = limit
        """:data:`MAX_BUILT`, or ``None`` for the bundled (trusted) templates."""
        self.built = 0

    def charge(self, size: int, what: str) -> None:
        """Count ``size`` built; refuse it if it is over :data:`MAX_SIZE` or brings the
        total over the limit."""
        if size > MAX_SIZE:
            raise SecurityError(f"{what} would be {size:,} long (at most {MAX_SIZE:,})")
        self.built += size
        if self.limit is not None and self.built > self.limit:
            raise SecurityError(
                f"the template builds more than {self.limit:,} characters and items in all"
            )


# --------------------------------------------------------------------------------------------
# The text of a value


def text_size(value: object, limit: int = MAX_SIZE, *, quoted: bool = False) -> int:
    """An upper bound on ``len(str(value))`` (``quoted``: ``len(repr(value))``), counted
    only until it passes ``limit``: a larger result means "longer than ``limit``"."""
    total = 0
    stack: list[tuple[object, bool]] = [(value, quoted)]
    while stack and total <= limit:
        item, inside = stack.pop()
        total += _own_size(item, inside, stack, limit - total)
    return total


def _own_size(item: object, quoted: bool, stack: list[tuple[object, bool]], room: int) -> int:
    """The characters ``item`` adds itself; its members go on ``stack`` (unless they
    cannot fit in ``room`` anyway)."""
    if isinstance(item, str):
        if not quoted:
            return len(item)
        return 2 * len(item) + 2 if item.isascii() and item.isprintable() else 10 * len(item) + 2
    if isinstance(item, bool) or item is None:
        return 5
    if isinstance(item, int):
        return item.bit_length() // 3 + 3
    if isinstance(item, float | complex):
        return 50
    if isinstance(item, bytes | bytearray):
        return 4 * len(item) + 3
    if isinstance(item, list | tuple | set | frozenset | dict):
        own = 2 + (4 if isinstance(item, dict) else 2) * len(item)
        if own <= room:
            members = (
                itertools.chain.from_iterable(item.items()) if isinstance(item, dict) else item
            )
            stack.extend((member, True) for member in members)
        return own
    if isinstance(item, Namespace):
        stack.append((item._Namespace__attrs, True))
        return 14
    if isinstance(item, Undefined):
        return 0
    body = getattr(item, "_body_stream", None)  # a template module prints its body
    if isinstance(body, list) and not quoted:
        return sum(len(piece) for piece in body if isinstance(piece, str))
    return _OBJECT


def check_text(value: object, what: str) -> None:
    """Refuse ``value`` if its text would be longer than :data:`MAX_SIZE`."""
    size = text_size(value)
    if size > MAX_SIZE:
        raise SecurityError(f"{what} would be over {MAX_SIZE:,} characters as text")


# --------------------------------------------------------------------------------------------
# Formats


def _converted_size(conversion: str, value: object, precision: int | None) -> int:
    """At most how long ``value`` is once converted by ``%`` with ``conversion``."""
    if conversion == "c":
        return 1
    if conversion == "s":
        size = text_size(value)
        return size if precision is None else min(size, precision)
    if conversion in "ra":
        size = text_size(value, quoted=True)
        return size if precision is None else min(size, precision)
    digits = text_size(value) if isinstance(value, int) else 330  # a float: 1e308 has 309
    return digits + 4 + (precision or 0)


def _count(text: str, start: int, take: Callable[[], object]) -> tuple[int | None, int]:
    """A width or precision at ``start`` (digits, or ``*``: the next argument)."""
    if start < len(text) and text[start] == "*":
        value = take()
        return (abs(value) if isinstance(value, int) else 0), start + 1
    end = start
    while end < len(text) and text[end].isdigit():
        end += 1
    if end == start:
        return None, start
    digits = text[start:end]
    return (int(digits) if len(digits) < 19 else 10**18), end


def percent_size(fmt: str, args: object) -> int:
    """At most how long ``fmt % args`` is: its text, and each conversion at the larger of
    its width and its value (``%*d`` widths read from ``args``)."""
    positional = list(args) if isinstance(args, tuple) else [args]
    taken = iter(positional)

    def take() -> object:
        return next(taken, None)

    total = 0
    position = 0
    while True:
        found = fmt.find("%", position)
        if found < 0:
            return total + len(fmt) - position
        total += found - position
        position = found + 1
        key = None
        if fmt.startswith("(", position):
            depth, end = 1, position + 1
            while end < len(fmt) and depth:
                depth += {"(": 1, ")": -1}.get(fmt[end], 0)
                end += 1
            key, position = fmt[position + 1 : end - 1], end
        while position < len(fmt) and fmt[position] in "-+ #0":
            position += 1
        width, position = _count(fmt, position, take)
        precision = None
        if fmt.startswith(".", position):
            precision, position = _count(fmt, position + 1, take)
            precision = precision or 0
        while position < len(fmt) and fmt[position] in "hlL":
            position += 1
        if position >= len(fmt):
            return total
        conversion = fmt[position]
        position += 1
        if conversion == "%":
            total += 1
            continue
        value = args.get(key) if key is not None and isinstance(args, Mapping) else take()
        total += max(width or 0, _converted_size(conversion, value, precision))


_SPEC = re.compile(
    r"(?:.?[<>=^])?[-+ ]?z?#?0?(?P<width>\d*)[_,]?(?:\.(?P<precision>\d*))?[bcdeEfFgGnosxX%]?",
    re.DOTALL,
)


def field_size(value: object, spec: str) -> int:
    """At most how long ``format(value, spec)`` is."""
    match = _SPEC.fullmatch(spec)
    if match is None:  # not a standard spec: the value's own __format__ decides
        return text_size(value) + len(spec) + _OBJECT
    width = _number(match.group("width"))
    precision = _number(match.group("precision"))
    if isinstance(value, str):
        content = len(value) if precision is None else min(len(value), precision)
    elif isinstance(value, int):
        content = 2 * value.bit_length() + 8 + (precision or 0)  # binary, with separators
    else:
        content = text_size(value) + 330 + (precision or 0)
    return max(width or 0, content)


def _number(digits: str | None) -> int | None:
    if not digits:
        return None
    return int(digits) if len(digits) < 19 else 10**18


# --------------------------------------------------------------------------------------------
# Filters


def replace_size(
    text: str | bytes | bytearray,
    old: str | bytes | bytearray,
    new: str | bytes | bytearray,
    count: object = None,
) -> int:
    """How long ``text.replace(old, new, count)`` is (strings or bytes)."""
    if not old:
        found = len(text) + 1
    elif isinstance(text, str) and isinstance(old, str):  # noqa: SIM114 (typed apart)
        found = text.count(old)
    elif not isinstance(text, str) and not isinstance(old, str):
        found = text.count(old)
    else:
        raise TypeError(f"replace() of {type(text).__name__} with {type(old).__name__}")
    if isinstance(count, int) and count >= 0:
        found = min(found, count)
    return len(text) + found * (len(new) - len(old))


def join_size(items: Iterable[object], separator: str | bytes | bytearray) -> int:
    """At most how long ``separator.join(str(item) for item in items)`` is."""
    total = -len(separator)
    for item in items:
        total += text_size(item) + len(separator)
        if total > MAX_SIZE:
            break
    return max(total, 0)


def translate_size(text: str, table: object) -> int:
    """At most how long ``text.translate(table)`` is."""
    if not isinstance(table, Mapping):
        return 4 * len(text)
    total = 0
    for char, count in Counter(text).items():
        replacement = table.get(ord(char), char)
        total += count * (len(replacement) if isinstance(replacement, str) else 1)
    return total


def is_macro(value: object) -> bool:
    """Whether ``value`` is a template's macro (its text is measured as it is joined)."""
    return isinstance(value, Macro)


_STRUCTURAL = frozenset(
    {"abs", "attr", "count", "d", "default", "dictsort", "first", "float", "groupby", "int"}
    | {"items", "last", "length", "list", "map", "max", "min", "random", "reject"}
    | {"rejectattr", "reverse", "round", "select", "selectattr", "sort", "unique"}
)
"""Filters that do not turn their value into text: their result is counted after."""

Filter = Callable[..., object]
"""A Jinja filter: whatever a template hands it in, a value out."""

Check = Callable[..., tuple[tuple[object, ...], dict[str, object] | None]]
"""What a filter whose result may outgrow its input runs first: given what Jinja passes
first (the environment or evaluation context, if the filter asks for one) and the
filter's arguments, it charges the result's size and returns the arguments to call the
filter with (``None``: the keyword arguments dropped)."""

AttributeGetter = Callable[[Environment, str | int | None], Callable[[object], object]]
"""``getter(environment, attribute)``: what reads ``attribute`` of each item (Jinja's
``make_attrgetter``)."""


def _marked(bounded: Filter, filter_: Filter) -> Filter:
    """``bounded`` called as Jinja calls ``filter_`` (with the environment or context it
    asks for first)."""
    bounded.__name__ = getattr(filter_, "__name__", "filter")
    if hasattr(filter_, "jinja_pass_arg"):
        bounded.jinja_pass_arg = filter_.jinja_pass_arg  # type: ignore[attr-defined]
    return bounded


def _counted(result: object, budget: Budget, name: str) -> object:
    if isinstance(result, str | list | tuple | dict):
        budget.charge(len(result), f"the result of |{name}")
    return result


def _checked(values: Iterable[object], name: str) -> None:
    for value in values:
        check_text(value, f"a value given to |{name}")


def _generic(filter_: Filter, name: str, budget: Budget) -> Filter:
    """A filter whose result is at most a few times as long as its text: the text of its
    arguments is measured first, its result counted after."""
    structural = name in _STRUCTURAL
    passes = hasattr(filter_, "jinja_pass_arg")

    def bounded(*args: object, **kwargs: object) -> object:
        if not structural:
            _checked([*args[passes:], *kwargs.values()], name)
        return _counted(filter_(*args, **kwargs), budget, name)

    return _marked(bounded, filter_)


def listed(value: object) -> list[object]:
    """The items of what a filter iterates over (a :class:`TypeError` if it cannot be)."""
    if not isinstance(value, Iterable):
        raise TypeError(f"'{type(value).__name__}' object is not iterable")
    return list(value)


def _attribute(value: object) -> str | int | None:
    """An ``attribute=`` argument as Jinja reads it (a :class:`TypeError` if it is not one)."""
    if value is not None and not isinstance(value, str | int):
        raise TypeError(f"an attribute is a name or an index, not {type(value).__name__}")
    return value


def _replace_args(
    s: object, old: object, new: object, count: object = None
) -> tuple[object, object, object, object]:
    return s, old, new, count


def _join_args(
    value: object, d: object = "", attribute: object = None
) -> tuple[object, object, object]:
    return value, d, attribute


def _center_args(value: object, width: object = 80) -> tuple[object, object]:
    return value, width


def _indent_args(
    s: object, width: object = 4, first: object = False, blank: object = False
) -> tuple[object, object, object, object]:
    return s, width, first, blank


def _wrap_args(
    s: object,
    width: object = 79,
    break_long_words: object = True,
    wrapstring: object = None,
    break_on_hyphens: object = True,
) -> tuple[object, object, object, object, object]:
    return s, width, break_long_words, wrapstring, break_on_hyphens


def _cut_args(
    value: object, count: object, fill_with: object = None
) -> tuple[object, object, object]:
    return value, count, fill_with


def _sum_args(
    iterable: object, attribute: object = None, start: object = 0
) -> tuple[object, object, object]:
    return iterable, attribute, start


def _tojson_args(value: object, indent: object = None) -> tuple[object, object]:
    return value, indent


def _urlize_args(
    value: object, *args: object, **kwargs: object
) -> tuple[object, tuple[object, ...]]:
    return value, (*args, *kwargs.values())


def _width(value: object, what: str) -> int:
    """A width or count given to a filter, refused if it is over :data:`MAX_SIZE`."""
    if isinstance(value, int) and value > MAX_SIZE:
        raise SecurityError(f"{what} {value:,} is too large (at most {MAX_SIZE:,})")
    return value if isinstance(value, int) else 0


def _sized_filters(budget: Budget, getter: AttributeGetter) -> dict[str, Check]:
    """The filters whose result may outgrow their input many times: each works out the
    size of its result first (``getter(environment, attribute)`` reads an attribute)."""

    def replace(head: object, *args: object, **kwargs: object) -> tuple[tuple[object, ...], None]:
        s, old, new, count = _replace_args(*args, **kwargs)
        _checked([s, old, new], "replace")
        size = replace_size(str(s), str(old), str(new), count)
        budget.charge(size, "the result of |replace")
        return (s, old, new, count), None

    def join(head: EvalContext, *args: object, **kwargs: object) -> tuple[tuple[object, ...], None]:
        value, d, attribute = _join_args(*args, **kwargs)
        items = listed(value)
        budget.charge(len(items), "the items of |join")
        if attribute is not None:
            read = getter(head.environment, _attribute(attribute))
            items = [read(item) for item in items]
        check_text(d, "the separator of |join")
        budget.charge(join_size(items, str(d)), "the result of |join")
        return (items, d), None

    def center(head: object, *args: object, **kwargs: object) -> tuple[tuple[object, ...], None]:
        value, width = _center_args(*args, **kwargs)
        _checked([value], "center")
        budget.charge(max(text_size(value), _width(width, "a width")), "the result of |center")
        return (value, width), None

    def indent(head: object, *args: object, **kwargs: object) -> tuple[tuple[object, ...], None]:
        s, width, first, blank = _indent_args(*args, **kwargs)
        _checked([s, width], "indent")
        step = len(width) if isinstance(width, str) else _width(width, "an indent")
        text = str(s)
        lines = len(text.splitlines()) + 1
        budget.charge(len(text) + lines * (step + 1), "the result of |indent")
        return (s, width, first, blank), None

    def wordwrap(
        head: Environment, *args: object, **kwargs: object
    ) -> tuple[tuple[object, ...], None]:
        s, width, long_words, wrapstring, hyphens = _wrap_args(*args, **kwargs)
        _checked([s, wrapstring], "wordwrap")
        joint = len(head.newline_sequence if wrapstring is None else str(wrapstring))
        if not isinstance(width, int) or width <= 0:
            return (s, width, long_words, wrapstring, hyphens), None
        paragraphs = wrap_lines(
            str(s), width, break_long_words=bool(long_words), break_on_hyphens=bool(hyphens)
        )
        pieces = sum(len(lines) for lines in paragraphs) + len(paragraphs)
        size = len(str(s)) + pieces * joint
        budget.charge(size, "the result of |wordwrap")
        return (s, width, long_words, wrapstring, hyphens), None

    def format_(
        head: object, value: object, *args: object, **kwargs: object
    ) -> tuple[tuple[object, ...], dict[str, object]]:
        _checked([value, *args, *kwargs.values()], "format")
        budget.charge(percent_size(str(value), kwargs or args), "the result of |format")
        return (value, *args), kwargs

    def batch(head: object, *args: object, **kwargs: object) -> tuple[tuple[object, ...], None]:
        value, count, fill_with = _cut_args(*args, **kwargs)
        items = listed(value)
        per_list = _width(count, "a batch of")
        lists = lists_count(len(items), per_list)
        _lists(lists, "batch")
        budget.charge(len(items) + per_list + lists, "the result of |batch")
        return (items, count, fill_with), None

    def slice_(head: object, *args: object, **kwargs: object) -> tuple[tuple[object, ...], None]:
        value, count, fill_with = _cut_args(*args, **kwargs)
        items = listed(value)
        lists = _width(count, "slices")
        _lists(lists, "slice")
        budget.charge(len(items) + 2 * lists, "the result of |slice")
        return (items, count, fill_with), None

    def urlize(
        head: object, *args: object, **kwargs: object
    ) -> tuple[tuple[object, ...], dict[str, object]]:
        value, options = _urlize_args(*args, **kwargs)
        _checked([value, *options], "urlize")
        words = len(str(value).split()) + 1
        extra = sum(text_size(option) for option in options) + 100
        budget.charge(2 * len(str(value)) + words * extra, "the result of |urlize")
        return args, kwargs

    def tojson(
        head: object, *args: object, **kwargs: object
    ) -> tuple[tuple[object, ...], dict[str, object]]:
        value, indent = _tojson_args(*args, **kwargs)
        _checked([value], "tojson")
        if isinstance(indent, str) or (isinstance(indent, int) and indent > MAX_JSON_INDENT):
            raise SecurityError(f"|tojson indents at most {MAX_JSON_INDENT} spaces")
        return args, kwargs

    return {
        "tojson": tojson,
        "replace": replace,
        "join": join,
        "center": center,
        "indent": indent,
        "wordwrap": wordwrap,
        "format": format_,
        "batch": batch,
        "slice": slice_,
        "urlize": urlize,
    }


def _lists(count: int, name: str) -> None:
    if count > MAX_LISTS:
        raise SecurityError(f"|{name} would make {count:,} lists (at most {MAX_LISTS:,})")


def bounded_sum(budget: Budget, getter: AttributeGetter) -> Filter:
    """``sum``, with lists and tuples joined in one pass and measured first (Python's sum
    copies the growing list at every step)."""

    def sum_(environment: Environment, *args: object, **kwargs: object) -> object:
        iterable, attribute, start = _sum_args(*args, **kwargs)
        items = listed(iterable)
        budget.charge(len(items), "the items of |sum")
        if attribute is not None:
            read = getter(environment, _attribute(attribute))
            items = [read(item) for item in items]
        if not isinstance(start, list | tuple):
            return sum(items, start)  # type: ignore[call-overload]  # numbers, or a TypeError
        if not all(type(item) is type(start) for item in items):
            raise TypeError(
                f"|sum can only add {type(start).__name__}s to a {type(start).__name__}"
            )
        pieces = [item for item in items if isinstance(item, list | tuple)]
        budget.charge(len(start) + sum(len(item) for item in pieces), "the result of |sum")
        return type(start)(itertools.chain(start, *pieces))

    return pass_environment(sum_)


def bounded_filters(filters: Mapping[str, Filter], budget: Budget) -> dict[str, Filter]:
    """Every filter of ``filters``, measured: the ones whose result may outgrow their input
    many times work out its size first, the others measure the text of their arguments
    first and count their result after."""
    from jinja2.filters import make_attrgetter

    def getter(environment: Environment, attribute: str | int | None) -> Callable[[object], object]:
        return make_attrgetter(environment, attribute)

    checks = _sized_filters(budget, getter)
    bounded: dict[str, Filter] = {}
    for name, filter_ in filters.items():
        if name == "sum":
            bounded[name] = bounded_sum(budget, getter)
        elif name in checks:
            bounded[name] = _checked_first(filter_, name, checks[name], budget)
        else:
            bounded[name] = _generic(filter_, name, budget)
    return bounded


def _checked_first(filter_: Filter, name: str, check: Check, budget: Budget) -> Filter:
    passes = hasattr(filter_, "jinja_pass_arg")

    def bounded(*args: object, **kwargs: object) -> object:
        head = args[:1] if passes else ()
        new_args, new_kwargs = check(head[0] if head else None, *args[len(head) :], **kwargs)
        result = filter_(*head, *new_args, **(new_kwargs or {}))
        if isinstance(result, str | list | tuple) and len(result) > MAX_SIZE:
            raise SecurityError(f"the result of |{name} is over {MAX_SIZE:,} long")
        return result

    return _marked(bounded, filter_)


def wrap_lines(
    text: str, width: int, *, break_long_words: bool = True, break_on_hyphens: bool = True
) -> list[list[str]]:
    """The lines ``wordwrap`` makes of each paragraph (line) of ``text``."""
    import textwrap

    return [
        textwrap.wrap(
            line,
            width=width,
            expand_tabs=False,
            replace_whitespace=False,
            break_long_words=break_long_words,
            break_on_hyphens=break_on_hyphens,
        )
        for line in text.splitlines()
    ]


def lists_count(items: int, per_list: int) -> int:
    """How many lists ``batch(per_list)`` cuts ``items`` into."""
    return math.ceil(items / per_list) if per_list > 0 else 0


__all__ = [
    "MAX_BUILT",
    "MAX_JSON_INDENT",
    "MAX_LISTS",
    "MAX_SIZE",
    "Budget",
    "bounded_filters",
    "check_text",
    "field_size",
    "is_macro",
    "join_size",
    "listed",
    "lists_count",
    "percent_size",
    "replace_size",
    "text_size",
    "translate_size",
    "wrap_lines",
]
