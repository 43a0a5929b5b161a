"""A house template cannot make the machine run out of memory: every operation that could
build a long string or list is measured before it runs (printplay.core.sandbox_limits).

The attacks run in a process of their own whose address space is capped at 1 GiB, so a
regression fails the test (the operation runs out of memory there, or the process dies)
instead of eating the machine: each must end in the sandbox's own refusal.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from printplay.core.sandbox_limits import MAX_SIZE, field_size, percent_size, text_size
from printplay.markup.jinja_source import render_rulebook_source

CAP = 1 << 30
"""The address space the attacks run in (1 GiB)."""

S = "{% set s = 'x' * 999999 %}"
"""A string just under the limit, to build bigger things from."""

ATTACKS = [
    # widths taken from an argument, a variable or a nested field
    ("{{ '%*s'|format(10**8, 'x') }}", "|format"),
    ("{{ '%-*d' % (10**8, 1) }}", "formatted with %"),
    ("{{ ('%999999d' * 100) % ((1,) * 100) }}", "formatted with %"),
    ("{{ '%(a)999999s%(a)999999s' % {'a': 1} }}", "formatted with %"),
    ("{{ '{:{w}}'.format(1, w=10**8) }}", "a format's text"),
    ("{{ '{:>{w}}{:>{w}}'.format(1, 2, w=999999) }}", "a format's text"),
    ("{{ '{x:{w}}'.format_map({'x': 1, 'w': 10**8}) }}", "a format's text"),
    ("{% set w = 10**8 %}{{ ('{:' ~ w ~ '}').format(1) }}", "a format's text"),
    # replace: occurrences times the growth
    (S + "{{ s|replace('x', 'y' * 1000) }}", "|replace"),
    ("{{ 'a'|replace('', 'x' * 999999) }}", "|replace"),
    (S + "{{ s.replace('x', 'yy') }}", "str.replace"),
    (
        "{% set n = namespace(s='x') %}{% for i in range(40) %}"
        "{% set n.s = n.s.replace('x', 'xx') %}{% endfor %}",
        "str.replace",
    ),
    # joins and text made of long lists
    (S + "{{ ([s] * 1000)|join }}", "|join"),
    ("{{ range(100000)|join('x' * 999) }}", "|join"),
    (S + "{{ ''.join([s] * 1000) }}", "characters as text"),
    (S + "{{ [s] * 1000 }}", "a value printed"),
    (S + "{{ ([s] * 1000)|string }}", "|string"),
    (S + "{{ ([s] * 1000)|tojson }}", "|tojson"),
    (S + "{{ ([s] * 1000) ~ '' }}", "joined with ~"),
    (S + "{{ '%s' % ([s] * 1000) }}", "formatted with %"),
    (S + "{{ '{}'.format([s] * 1000) }}", "as text"),
    (S + "{{ ([s] * 1000)|upper }}", "|upper"),
    ("{{ range(1000)|list|tojson(indent=999999) }}", "|tojson indents at most"),
    # widths, indents, wraps and tabs
    ("{{ ('a\\n' * 1000)|indent(999999) }}", "|indent"),
    ("{{ ('a\\n' * 1000)|indent('x' * 999999) }}", "|indent"),
    ("{{ ('a ' * 400000)|wordwrap(1, wrapstring='x' * 999) }}", "|wordwrap"),
    ("{% set w = 10**9 %}{{ 'x'|center(w) }}", "too large"),
    ("{% set w = 10**9 %}{{ 'x'.ljust(w) }}", "too large"),
    ("{{ ('\\t' * 999999).expandtabs(999) }}", "str.expandtabs"),
    (S + "{{ s.translate({120: 'y' * 999}) }}", "str.translate"),
    # bytes too
    ("{{ 'x'.encode().center(10**8) }}", "too large"),
    (S + "{{ s.encode().replace('x'.encode(), 'y'.encode() * 1000) }}", "str.replace"),
    ("{{ ('%999999d'.encode() * 100) % ((1,) * 100) }}", "formatted with %"),
    ("{{ ('\\t' * 999999).encode().expandtabs(999) }}", "str.expandtabs"),
    # printplay's own helpers, as filters and as functions
    (S + "{{ [[s] * 1000]|table }}", "|table"),
    (S + "{{ table([[s] * 1000]) }}", "an argument"),
    # blocks and macros are measured before their pieces are joined
    (S + "{% set b %}{% for i in range(2000) %}{{ s }}{% endfor %}{% endset %}", "block"),
    (S + "{% macro m() %}{% for i in range(2000) %}{{ s }}{% endfor %}{% endmacro %}{{ m() }}",
     "macro"),
    (S + "{% filter upper %}{% for i in range(2000) %}{{ s }}{% endfor %}{% endfilter %}", "block"),
    # lists of lists
    ("{{ [1]|slice(999999, 'x')|list|length }}", "|slice would make"),
    ("{{ ('x' * 999999)|batch(1)|list|length }}", "|batch would make"),
    ("{{ ([['x'] * 999999] * 1000)|sum(start=[]) }}", "|sum"),
    ("{% set l = [1] %}{% for i in range(30) %}{% set _ = l.extend(l) %}{% endfor %}", "too long"),
    # many values, each under the limit, kept together
    (
        S + "{% set l = [] %}{% for i in range(2000) %}{% set _ = l.append(s.upper()) %}"
        "{% endfor %}",
        "builds more than",
    ),
    (S + "{{ ([s] * 1000)|map('upper')|list|length }}", "builds more than"),
]  # fmt: skip

CHILD = """
import json, sys
from printplay.core.errors import RulebookError
from printplay.markup.jinja_source import render_rulebook_source
house, cases = sys.argv[1], json.loads(sys.stdin.read())
for case in cases:
    try:
        render_rulebook_source(case, {}, search_path=[house])
        print(json.dumps("rendered"), flush=True)
    except RulebookError as error:
        print(json.dumps(str(error)), flush=True)
"""


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (CAP, CAP))


@pytest.fixture(scope="module")
def refusals(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """What each attack ends in, run once in a capped process as a house template."""
    house = tmp_path_factory.mktemp("house")
    cases = json.dumps([template for template, _ in ATTACKS])
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(house)],
        input=cases,
        capture_output=True,
        text=True,
        timeout=600,
        preexec_fn=_capped,
    )
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(lines) == len(ATTACKS), done.stderr[-2000:]
    return lines


@pytest.mark.parametrize("index", range(len(ATTACKS)), ids=[t for t, _ in ATTACKS])
def test_an_attack_on_memory_is_refused_before_it_builds(refusals: list[str], index: int) -> None:
    words = ATTACKS[index][1]
    message = refusals[index]
    assert message.startswith("rulebook source, line 1: "), message
    assert "memory" not in message, message
    assert words in message, message


def test_a_house_rulebook_building_too_much_is_refused_on_the_command_line(
    tmp_path: Path,
) -> None:
    """The command line, in a process capped at 1 GiB: one line, nothing written."""
    house = tmp_path / "house"
    house.mkdir()
    (house / "tripeaks.md").write_text(
        "# Rules\n\n" + S + "{{ s|replace('x', s) }}\n", encoding="utf-8"
    )
    out = tmp_path / "rules.pdf"
    command = [sys.executable, "-m", "printplay", "rules", "tripeaks", "-o", str(out)]
    done = subprocess.run(
        [*command, "--rules-dir", str(house)],
        capture_output=True,
        text=True,
        timeout=300,
        preexec_fn=_capped,
    )
    assert done.returncode == 1, done.stderr[-2000:]
    assert done.stderr.strip().splitlines() == [
        "printplay: error: tripeaks.md, line 3: the result of |replace would be "
        "999,998,000,001 long (at most 1,000,000)"
    ]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["house"]


ALLOWED = [
    ("{{ 'a  x'|replace(' ', '-') }}", "a--x"),
    ("{{ [1, 2]|join(',') }} {{ [{'a': 1}, {'a': 2}]|join('/', attribute='a') }}", "1,2 1/2"),
    ("{{ 'x'|center(5) }}|{{ 'a\nb'|indent(2, true) }}", "  x  |  a\n  b"),
    ("{{ [[1], [2]]|sum(start=[]) }} {{ [1, 2, 3]|sum }}", "[1, 2] 6"),
    ("{{ '%s-%05.1f %d%%' % ('a', 2.5, 5) }} {{ '%(x)s' % {'x': 1} }}", "a-002.5 5% 1"),
    ("{{ '{:>5}|{:{w}}|{!r}'.format('a', 'b', 'c', w=3) }}", "    a|b  |'c'"),
    ("{{ 'abc'.center(7, '*') }} {{ 'a\tb'.expandtabs(4) }}", "**abc** a   b"),
    ("{{ 'abc'.translate({97: 'AA'}) }} {{ ','.join(['a', 'b']) }}", "AAbc a,b"),
    ("{{ range(10)|batch(3, 0)|list|length }} {{ [1, 2, 3]|slice(2)|list }}", "4 [[1, 2], [3]]"),
    ("{{ 'a b c d'|wordwrap(3) }}", "a b\nc d"),
    ("{{ [1, 2]|tojson(indent=2) }}", "[\n  1,\n  2\n]"),
]


@pytest.mark.parametrize(("template", "text"), ALLOWED, ids=[t for t, _ in ALLOWED])
def test_ordinary_operations_still_work(tmp_path: Path, template: str, text: str) -> None:
    assert render_rulebook_source(template, {}, search_path=[tmp_path]) == text


@pytest.mark.parametrize(
    ("value", "exact"),
    [("abc", "abc"), (["ab", ("c", 1)], None), ({"k": [1.5, None]}, None), (10**40, None)],
)
def test_text_size_is_never_short(value: object, exact: str | None) -> None:
    assert text_size(value) >= len(str(value))
    assert text_size(value, quoted=True) >= len(repr(value))
    if exact is not None:
        assert text_size(value) == len(exact)


@pytest.mark.parametrize(
    ("fmt", "args"),
    [
        ("%5d|%-*s|%.3f|%x|%r", (42, 8, "x", 3.14159, 255, "q")),
        ("%(a)s %(b)08.2e %%", {"a": "x", "b": 1e300}),
        ("%c%10.4s", ("z", "abcdefgh")),
    ],
)
def test_percent_size_is_never_short(fmt: str, args: object) -> None:
    assert percent_size(fmt, args) >= len(fmt % args)


@pytest.mark.parametrize(
    ("value", "spec"),
    [(42, ">10"), (2**70, "_b"), (3.5, ".20f"), ("abc", "^9.2"), (1e300, "f"), ("x", "")],
)
def test_field_size_is_never_short(value: object, spec: str) -> None:
    assert field_size(value, spec) >= len(format(value, spec))
    assert field_size("x", "9" * 7) > MAX_SIZE
