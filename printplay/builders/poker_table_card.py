"""The casino table card as a model: the order of play, the kickout table and the bonus
paytable (capped for the home game), read from the casino engine's tables.

The registry's table-card maker (:mod:`printplay.makers.table_card_maker`) hands the model
to the PDF renderer (:mod:`printplay.render.poker_table_card_pdf`).
"""

from __future__ import annotations

from printplay.games.poker import casino
from printplay.models.poker_model import TableCard


def card_steps() -> list[str]:
    """The casino game's order of play, in the few words a table card has room for."""
    return [
        "Everyone antes 1, the dealer too.",
        "Players get 2 cards face up, the dealer 5.",
        "The dealer folds on a kickout hand.",
        "Lowest two-card hand first, each once: fold, or pay 1 for 3 more cards.",
        "A five-card hand beaten by another is out.",
        "Last hand in wins the pot; ties split it.",
        "Won with 2 cards? You still get 3 more, for the bonus.",
        "Straight or better: the house pays a bonus, win or lose, unless you folded.",
    ]


def table_card(home_cap: bool = False) -> TableCard:
    """The table card of the casino game (``home_cap``: the home game, bonuses capped)."""
    rules = casino.KICKOUT_RULES.values()
    bonuses = tuple(
        (name[:1].upper() + name[1:], str(min(b, casino.HOME_CAP) if home_cap else b))
        for name, b in casino.BONUSES.items()
    )
    home_note = (
        f"Home game: bonuses capped at {casino.HOME_CAP}; take turns dealing." if home_cap else None
    )
    return TableCard(
        title="Ricochet Poker · Casino",
        steps=tuple(card_steps()),
        kickout_heading="Kickout",
        kickout_columns=("Players", "Dealer folds with"),
        kickout=tuple((str(rule.players), rule.brief) for rule in rules),
        kickout_note="…or any better hand.",
        bonus_heading="Bonus (antes)",
        bonus_columns=("Hand", "Pays"),
        bonuses=bonuses,
        home_cap=home_cap,
        home_note=home_note,
        game=f"home game, bonuses capped at {casino.HOME_CAP}" if home_cap else "casino rules",
    )


__all__ = ["card_steps", "table_card"]
