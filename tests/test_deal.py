"""Numbered deals, the pp1 shuffle, explicit deals and deal files."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printplay.core.cards import format_cards, standard_deck
from printplay.core.deal import (
    MAX_SEED,
    choose_deal,
    explicit_deal,
    numbered_deal,
    read_deal_file,
    shuffle,
    uniform_below,
)
from printplay.core.errors import DealError

DOCS = Path(__file__).resolve().parent.parent / "docs" / "deals.md"
DECK = standard_deck()


def test_reference_code_in_the_docs_matches_the_implementation() -> None:
    source = re.search(r"```python\n(import hashlib.*?)```", DOCS.read_text(), re.S)
    assert source is not None
    namespace: dict[str, object] = {}
    exec(source.group(1), namespace)
    reference = namespace["pp1_shuffle"]
    for seed in (1, 2, 99, 2**32, 2**63, MAX_SEED):
        for jokers in (0, 2):
            deck = standard_deck(jokers)
            assert reference(deck, seed) == shuffle(deck, seed)  # type: ignore[operator]


def test_deal_one_is_pinned() -> None:
    assert format_cards(numbered_deal(DECK, 1).cards).startswith("7h 3s 6c Jc As 9d")


@given(st.integers(min_value=1, max_value=MAX_SEED))
def test_numbered_deals_are_permutations(seed: int) -> None:
    deal = numbered_deal(DECK, seed)
    assert sorted(c.index for c in deal.cards) == list(range(52))
    assert deal.seed == seed and numbered_deal(DECK, seed) == deal


@pytest.mark.parametrize("seed", [0, -1, MAX_SEED + 1])
def test_deal_numbers_out_of_range(seed: int) -> None:
    with pytest.raises(DealError, match="between 1 and 18446744073709551615"):
        numbered_deal(DECK, seed)


def test_uniform_below_rejects_the_biased_tail() -> None:
    words = iter([2**32 - 1, 2**32 - 2, 7])
    assert uniform_below(3, words) == (2**32 - 2) % 3  # 2^32-1 rejected, 2^32-2 accepted
    words = iter([2**32 - 1, 5])
    assert uniform_below(10, words) == 5


def test_shuffle_is_roughly_uniform() -> None:
    firsts = [shuffle(DECK, seed)[0].index for seed in range(1, 5201)]
    counts = [firsts.count(i) for i in range(52)]
    assert min(counts) > 50 and max(counts) < 155  # expectation 100 each


def test_explicit_deal_reads_any_spelling() -> None:
    codes = format_cards(numbered_deal(DECK, 5).cards)
    deal = explicit_deal(codes.replace("T", "10").lower(), DECK)
    assert deal.cards == numbered_deal(DECK, 5).cards and deal.seed is None
    assert deal.code == numbered_deal(DECK, 5).code


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda cs: cs[:-1], r"needs 52 cards, got 51 \(1 missing, among them 9s\)"),
        (lambda cs: [*cs, "2c"], r"2c appears 2 times"),
        (lambda cs: ["1x", *cs[1:]], r"card 1: unknown card '1x'"),
        (lambda cs: [*cs[:-1], "X1"], r"X1 is a joker"),
        (lambda cs: [*cs[:-1], cs[0]], r"7h appears 2 times \(cards 1, 52\)"),
    ],
)
def test_bad_explicit_deals_are_named(mutate, message: str) -> None:  # type: ignore[no-untyped-def]
    codes = format_cards(numbered_deal(DECK, 1).cards).split()
    with pytest.raises(DealError, match=message):
        explicit_deal(" ".join(mutate(codes)), DECK)


def test_choose_deal_wants_exactly_one_source() -> None:
    with pytest.raises(DealError, match="give a deal"):
        choose_deal(DECK, seed=None, codes=None)
    with pytest.raises(DealError, match="not both"):
        choose_deal(DECK, seed=1, codes="As")


def test_deal_file(tmp_path: Path, external_decks: list[str]) -> None:
    path = tmp_path / "deals.txt"
    path.write_text("# three decks\n" + "\n".join(external_decks[:3]) + "\n\n")
    deals = read_deal_file(path, DECK)
    assert [d.codes for d in deals] == [line.split() for line in external_decks[:3]]
    path.write_text(external_decks[0] + "\n" + external_decks[1][:-3] + "\n")
    with pytest.raises(DealError, match=r"deals.txt line 2: a deal needs 52 cards, got 51"):
        read_deal_file(path, DECK)
    with pytest.raises(DealError, match="cannot read deal file"):
        read_deal_file(tmp_path / "missing.txt", DECK)
    path.write_text("# nothing\n")
    with pytest.raises(DealError, match="holds no deals"):
        read_deal_file(path, DECK)


def test_deal_file_lines_the_game_refuses_are_named(tmp_path: Path) -> None:
    from printplay.games.tripeaks import TriPeaks, TriPeaksOptions

    anywhere = TriPeaks(TriPeaksOptions(jokers=1))
    in_stock = TriPeaks(TriPeaksOptions(jokers=1, jokers_in_stock=True))
    path = tmp_path / "deals.txt"
    lines = [in_stock.numbered_deal(1).codes, anywhere.numbered_deal(1).codes]  # X1 card 5
    path.write_text("\n".join(" ".join(codes) for codes in lines) + "\n")
    assert len(read_deal_file(path, anywhere.deck(), anywhere.initial_state)) == 2
    with pytest.raises(DealError, match=r"deals.txt line 2: card 5: X1 is a joker in the tableau"):
        read_deal_file(path, in_stock.deck(), in_stock.initial_state)
