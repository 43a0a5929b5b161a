"""The website in a real browser: headless Chromium from the distribution's packages
(Debian's ``chromium``; ``.ci/run`` installs it), driven by Playwright for Python.

The site is built once a run (``built_site``) and served by printplay's own preview server.
Every page is loaded once at desktop width and laid out again at phone width, in one tab,
and what the browser saw is kept (as JSON, shared by pytest-xdist's workers); the tests
below check it: no console error and no failed request, every internal link and ``#anchor``
resolves, every diagram is drawn at a size and visible, nothing scrolls sideways on a
phone, a featured deal's solution stays hidden until its button is pressed, one ``h1`` a
page and headings in order, the dark scheme and the print stylesheet.  They are skipped,
saying why, only when no browser can be found.

``PRINTPLAY_SCREENSHOTS=folder`` also saves a screenshot of every page, desktop and phone.
"""

from __future__ import annotations

import fcntl
import itertools
import json
import os
import re
import threading
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from printplay.builders.site import featured_deals
from printplay.cli.preview import open_server
from printplay.core.outfolder import MANIFEST
from printplay.games import REGISTRY
from printplay.makers.site_maker import DEFAULT_DEALS

pytestmark = pytest.mark.slow

CHROMIUM = Path(os.environ.get("PRINTPLAY_CHROMIUM", "/usr/bin/chromium"))
"""The browser: the distribution's Chromium (no browser is downloaded)."""

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 360, "height": 740}
"""Narrower than the 375 px the site promises, so 375 holds a fortiori."""

# What the browser reports of a page, once everything on it has loaded.
_PAGE_FACTS = """() => {
  const headings = [...document.querySelectorAll('h1,h2,h3,h4,h5,h6')].map(h => +h.tagName[1]);
  return {
    lang: document.documentElement.lang,
    title: document.title,
    headings,
    ids: [...document.querySelectorAll('[id]')].map(e => e.id),
    links: [...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href')),
    scripts: document.querySelectorAll('script').length,
  };
}"""
_OPEN_ALL = "() => document.querySelectorAll('details').forEach(d => { d.open = true; })"
_DIAGRAMS = """() => [...document.querySelectorAll('svg')].map(svg => {
  const box = svg.getBoundingClientRect();
  return {
    width: box.width,
    height: box.height,
    visible: svg.checkVisibility({checkOpacity: true, checkVisibilityCSS: true}),
    label: svg.getAttribute('aria-label') || '',
    shapes: svg.querySelectorAll('rect,path,text,polygon,circle').length,
  };
})"""
_SMALLEST_TEXT = """root => Math.min(Infinity,
  ...[...(root || document).querySelectorAll('svg.drawing text')]
  .filter(text => text.textContent.trim())
  .map(text => {
    const m = text.getScreenCTM();  // the height of words: how their up direction is scaled
    return parseFloat(getComputedStyle(text).fontSize) * Math.hypot(m.c, m.d);
  }))"""
# Each wrapper that scrolls sideways: does it overflow, and is its shade what shows at its
# right edge, with the start in view and then the end (pointer events let the shade be hit).
_SCROLLERS = """async () => {
  const frame = () => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
  const style = document.createElement('style');
  style.textContent = '.more, .table-wrap::after, .drawing-wrap::after '
    + '{ pointer-events: auto !important; }';
  document.head.append(style);
  const shaded = wrap => {
    const box = wrap.getBoundingClientRect();
    const y = (Math.max(box.top, 0) + Math.min(box.bottom, innerHeight)) / 2;
    return document.elementFromPoint(box.right - 3, y) === wrap.querySelector(':scope > .more');
  };
  const found = [];
  for (const wrap of document.querySelectorAll('.table-wrap, .drawing-wrap')) {
    wrap.scrollIntoView({block: 'center'});
    await frame();
    const start = shaded(wrap);
    wrap.scrollLeft = wrap.scrollWidth;
    await frame();
    const end = shaded(wrap);
    wrap.scrollLeft = 0;
    found.push({
      kind: wrap.className,
      overflows: wrap.scrollWidth > wrap.clientWidth + 1,
      start,
      end,
      words: wrap.textContent.trim().slice(0, 30),
    });
  }
  style.remove();
  return found;
}"""
_SIDEWAYS = """() => ({
  scroll: document.documentElement.scrollWidth,
  client: document.documentElement.clientWidth,
})"""


def _chromium_or_skip() -> Any:
    """Playwright's sync API, or a skip saying what is missing."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("no browser driver: Playwright for Python is not installed ('.[test]')")
    if not CHROMIUM.is_file():
        pytest.skip(
            f"no browser: {CHROMIUM} is missing (.ci/run installs Debian's chromium; "
            "PRINTPLAY_CHROMIUM names another)"
        )
    return sync_playwright


@pytest.fixture(scope="session")
def served(built_site: Path) -> Iterator[str]:
    """The built site, served by printplay's preview server on a free port."""
    server = open_server(built_site, 0)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1})
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def _pages(site: Path) -> list[str]:
    listed = (site / MANIFEST).read_text(encoding="utf-8").splitlines()
    return [line for line in listed if line.endswith(".html")]


class Tab:
    """The one browser tab every page is visited in, and the problems it reported of the
    page it holds (the console's errors, the page's, failed requests, statuses of 400 up).
    Opening a tab a page cost about as much processor time as loading the page."""

    def __init__(self, context: Any) -> None:
        self.page = context.new_page()
        self.problems: list[str] = []
        page = self.page
        page.on("console", lambda m: self._note(f"console {m.type}: {m.text}", m.type == "error"))
        page.on("pageerror", lambda e: self._note(f"page error: {e}"))
        page.on("requestfailed", lambda r: self._note(f"failed: {r.url} {r.failure}"))
        page.on("response", lambda r: self._note(f"status {r.status}: {r.url}", r.status >= 400))

    def _note(self, problem: str, found: bool = True) -> None:
        if found:
            self.problems.append(problem)


def _visit(tab: Tab, base: str, path: str, shots: Path | None) -> dict[str, Any]:
    """Everything the checks need of one page: loaded at desktop width, then laid out again
    at phone width (the site holds no script, so a page's layout at a width is what its
    stylesheet gives there, loaded or resized: both were seen to give the same facts)."""
    page, tab.problems = tab.page, []
    page.set_viewport_size(DESKTOP)
    page.goto(base + path, wait_until="load")
    facts: dict[str, Any] = page.evaluate(_PAGE_FACTS)
    facts["closed_diagrams"] = page.evaluate(_DIAGRAMS)
    facts["solution"] = _solution(page)
    page.evaluate(_OPEN_ALL)
    facts["diagrams"] = page.evaluate(_DIAGRAMS)
    facts["desktop"] = page.evaluate(_SIDEWAYS)
    name = path.replace("/", "-").removesuffix(".html")
    if shots is not None:
        page.screenshot(path=str(shots / f"{name}-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    facts["phone"] = page.evaluate(_SIDEWAYS)
    facts["phone_text"] = page.evaluate(_SMALLEST_TEXT)
    facts["scrollers"] = page.evaluate(_SCROLLERS)
    if shots is not None:
        page.screenshot(path=str(shots / f"{name}-phone.png"), full_page=True)
    facts["problems"] = tab.problems
    return facts


def _solution(page: Any) -> dict[str, Any] | None:
    """A featured deal's solution: hidden at first, shown once its button is pressed."""
    details = page.locator("details.solution")
    if details.count() == 0:
        return None
    first = details.locator(":scope > :not(summary)").first
    diagram = details.locator("svg").first
    found = {
        "open_at_first": details.evaluate("d => d.open"),
        "text_visible_at_first": first.is_visible(),
        "diagram_visible_at_first": diagram.is_visible(),
    }
    details.locator(":scope > summary").click()
    found["open_after_click"] = details.evaluate("d => d.open")
    found["text_visible_after_click"] = first.is_visible()
    found["diagram_visible_after_click"] = diagram.is_visible()
    return found


def _check_links(context: Any, base: str, facts: dict[str, dict[str, Any]]) -> list[str]:
    """Every internal link of every page that does not resolve, in words."""
    broken: list[str] = []
    statuses: dict[str, int] = {}
    for path, page in facts.items():
        for link in page["links"]:
            url = urllib.parse.urljoin(base + path, link)
            if not url.startswith(base):
                broken.append(f"{path}: {link} leaves the site")
                continue
            target, _, anchor = url.partition("#")
            target_path = target.removeprefix(base) or "index.html"
            if target_path not in facts and target not in statuses:
                statuses[target] = context.request.get(target).status
            if target_path not in facts and statuses[target] != 200:
                broken.append(f"{path}: {link} gives status {statuses[target]}")
            elif anchor and (target_path not in facts or anchor not in facts[target_path]["ids"]):
                broken.append(f"{path}: {link} names no element #{anchor}")
    return broken


@pytest.fixture(scope="session")
def browser_facts(
    built_site: Path, served: str, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Any]:
    """What the browser saw on every page (visited once a run, kept for every worker)."""
    sync_playwright = _chromium_or_skip()
    base = tmp_path_factory.getbasetemp()
    root = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    kept = root / "browser-facts.json"
    with open(root / "browser.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if kept.exists():
            found: dict[str, Any] = json.loads(kept.read_text(encoding="utf-8"))
            return found
        shots_env = os.environ.get("PRINTPLAY_SCREENSHOTS")
        shots = Path(shots_env) if shots_env else None
        if shots is not None:
            shots.mkdir(parents=True, exist_ok=True)
        profile = tmp_path_factory.mktemp("chromium-profile")
        with sync_playwright() as playwright:
            context = playwright.chromium.launch_persistent_context(
                str(profile), executable_path=str(CHROMIUM), headless=True, args=ARGS
            )
            try:
                tab = Tab(context)
                pages = {path: _visit(tab, served, path, shots) for path in _pages(built_site)}
                tab.page.close()
                found = {
                    "pages": pages,
                    "broken": _check_links(context, served, pages),
                    "schemes": _schemes(context, served),
                }
            finally:
                context.close()
        kept.write_text(json.dumps(found), encoding="utf-8")
        return found


def _schemes(context: Any, base: str) -> dict[str, Any]:
    """The colours of a page in the light and dark schemes, and what printing shows."""
    page = context.new_page()
    page.goto(base + "tripeaks/index.html", wait_until="load")
    colours = "() => ['backgroundColor', 'color'].map(k => getComputedStyle(document.body)[k])"
    found: dict[str, Any] = {}
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme, media="screen")
        found[scheme] = page.evaluate(colours)
    page.emulate_media(color_scheme="light", media="print")
    header = "() => getComputedStyle(document.querySelector('.site-header')).display"
    found["print_header"] = page.evaluate(header)
    found["print_figure"] = page.evaluate(
        "() => getComputedStyle(document.querySelector('figure.diagram')).breakInside"
    )
    page.close()
    found["print_chart"] = _printed_chart(context, base)
    return found


PRINTED = {"width": 688, "height": 1017}
"""An A4 page inside the print stylesheet's 14 mm margins, in CSS pixels (96 to the inch)."""


def _printed_chart(context: Any, base: str) -> dict[str, float]:
    """The basic-strategy chart as printing lays it out: its smallest words (points) and
    its width against the page's."""
    page = context.new_page()
    page.set_viewport_size(PRINTED)
    page.goto(base + "ricochet-poker/index.html", wait_until="load")
    page.emulate_media(media="print")
    chart = page.locator("svg[aria-label^='The basic-strategy chart']")
    smallest = chart.evaluate(_SMALLEST_TEXT)
    width = chart.evaluate("svg => svg.getBoundingClientRect().width")
    page.close()
    return {"smallest_pt": smallest * 0.75, "width": width, "page": PRINTED["width"]}


def _luminance(css: str) -> float:
    red, green, blue = (int(v) for v in re.findall(r"\d+", css)[:3])
    return (0.299 * red + 0.587 * green + 0.114 * blue) / 255


# -- the checks ----------------------------------------------------------------------------------


def test_every_page_was_visited(browser_facts: dict[str, Any], built_site: Path) -> None:
    pages = browser_facts["pages"]
    assert sorted(pages) == sorted(_pages(built_site)) and len(pages) >= 30
    assert any(path.endswith("deal-1.html") for path in pages)


def test_every_page_loads_with_no_console_error_and_no_failed_request(
    browser_facts: dict[str, Any],
) -> None:
    problems = {path: facts["problems"] for path, facts in browser_facts["pages"].items()}
    assert {path: found for path, found in problems.items() if found} == {}


def test_every_internal_link_and_anchor_resolves(browser_facts: dict[str, Any]) -> None:
    assert browser_facts["broken"] == []
    links = sum(len(facts["links"]) for facts in browser_facts["pages"].values())
    anchors = sum(
        link.count("#") for facts in browser_facts["pages"].values() for link in facts["links"]
    )
    assert links > 500 and anchors > 100


def test_every_diagram_is_drawn_visible_and_has_words(browser_facts: dict[str, Any]) -> None:
    for path, facts in browser_facts["pages"].items():
        diagrams = facts["diagrams"]
        if path != "index.html":
            assert len(diagrams) >= 2, path
        for number, diagram in enumerate(diagrams, start=1):
            where = f"{path}, diagram {number}"
            assert diagram["width"] > 50 and diagram["height"] > 30, where
            assert diagram["visible"] and diagram["shapes"] > 5, where
            assert len(diagram["label"]) > 10, where


def test_no_page_scrolls_sideways_on_a_phone_or_a_desktop(browser_facts: dict[str, Any]) -> None:
    for path, facts in browser_facts["pages"].items():
        for width in ("phone", "desktop"):
            seen = facts[width]
            assert seen["scroll"] <= seen["client"], (path, width, seen)


def test_a_featured_deals_solution_is_hidden_until_opened(browser_facts: dict[str, Any]) -> None:
    deals = {path: f["solution"] for path, f in browser_facts["pages"].items() if f["solution"]}
    featured = [
        f"{name}/deal-{deal.seed}.html"
        for name in REGISTRY
        for deal in featured_deals(name, DEFAULT_DEALS)
        if not deal.options  # (an optioned deal's page names its options too)
    ]
    assert sorted(deals) == sorted(featured) and len(featured) >= 3
    for path, solution in deals.items():
        assert solution == {
            "open_at_first": False,
            "text_visible_at_first": False,
            "diagram_visible_at_first": False,
            "open_after_click": True,
            "text_visible_after_click": True,
            "diagram_visible_after_click": True,
        }, path
        closed = browser_facts["pages"][path]["closed_diagrams"]
        assert sum(d["visible"] for d in closed) == 1, path  # only the deal as players see it


def test_each_page_has_a_language_one_h1_and_headings_in_order(
    browser_facts: dict[str, Any],
) -> None:
    for path, facts in browser_facts["pages"].items():
        assert facts["lang"] == "en" and facts["scripts"] == 0, path
        levels = facts["headings"]
        assert levels[0] == 1 and levels.count(1) == 1, (path, levels)
        assert all(b <= a + 1 for a, b in itertools.pairwise(levels)), (path, levels)
        assert len(facts["ids"]) == len(set(facts["ids"])), path
        assert facts["title"].endswith("printplay rules"), path


def test_the_dark_scheme_and_the_print_stylesheet(browser_facts: dict[str, Any]) -> None:
    schemes = browser_facts["schemes"]
    light_paper, light_ink = (_luminance(c) for c in schemes["light"])
    dark_paper, dark_ink = (_luminance(c) for c in schemes["dark"])
    assert light_paper > 0.9 and light_ink < 0.2
    assert dark_paper < 0.15 and dark_ink > 0.8
    assert schemes["print_header"] == "none" and schemes["print_figure"] == "avoid"


SMALLEST_WORDS_PX = 6.4
"""The smallest a drawing's words may be on a phone (the stylesheet keeps them 6.5 px)."""


def test_a_drawings_words_stay_legible_on_a_phone(browser_facts: dict[str, Any]) -> None:
    """On a phone a drawing shrinks no further than its smallest words allow (it scrolls
    instead): at 360 px, narrower than the 375 px promised, none is under 6.4 px high."""
    smallest = {
        path: round(facts["phone_text"], 2)
        for path, facts in browser_facts["pages"].items()
        if facts["diagrams"]
    }
    assert len(smallest) >= 30
    assert {path: size for path, size in smallest.items() if size < SMALLEST_WORDS_PX} == {}


def test_what_scrolls_sideways_shows_a_shade_while_there_is_more(
    browser_facts: dict[str, Any],
) -> None:
    """A table or drawing wider than the phone shows a shade at its right edge while its
    end is out of view, none once the end is in view, and none when it fits."""
    wrong = [
        (path, wrap)
        for path, facts in browser_facts["pages"].items()
        for wrap in facts["scrollers"]
        if wrap["start"] != wrap["overflows"] or wrap["end"]
    ]
    assert wrong == []
    poker = browser_facts["pages"]["ricochet-poker/index.html"]["scrollers"]
    overflowing = {wrap["kind"] for wrap in poker if wrap["overflows"]}
    assert overflowing == {"table-wrap", "drawing-wrap"}  # its wide tables, and its chart
    assert any(not wrap["overflows"] for wrap in poker)


def test_the_basic_strategy_chart_prints_legibly(browser_facts: dict[str, Any]) -> None:
    """Printed, the chart's smallest words are at least 6 pt and it fits the page's width."""
    chart = browser_facts["schemes"]["print_chart"]
    assert chart["smallest_pt"] >= 6.0, chart
    assert chart["width"] <= chart["page"], chart
