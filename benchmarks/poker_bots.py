"""Benchmark: exact buy odds (speed) and the standard-game bots against each other.

Run from the repository root::

    python benchmarks/poker_bots.py            # odds timings and a 4-player tournament
    python benchmarks/poker_bots.py --rounds 400 --players 2 4 6 --weights 2 2.5 3

*Odds*: the time of :func:`position_odds` for typical and for worst-case positions (a weak
hand against a strong table, so that most card sets leave it lowest and the search visits
them all), cold (first call in the process: the rank-value memo is empty) and warm.

*Tournament*: every deal is played once per rotation of the bots around the table, so each
bot sits in each seat equally often; the figure is the mean net chips per round (won less
paid) of each bot.  ``--weights`` adds odds bots with other ``weight`` values, to tune the
default of :class:`~printplay.games.poker.bots.OddsBot`.
"""

from __future__ import annotations

import argparse
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printplay.games.poker.bots import Bot, OddsBot, make_bot, play_round
from printplay.games.poker.odds import position_odds
from printplay.games.poker.standard import StandardOptions, round_deck

POSITIONS = [
    ("opening, 4 players, 7 vs 8 J K", {1: "Kd", 2: "Jc", 3: "8h", 4: "7s"}, 4, 5, 0),
    ("weak 2 vs three aces-kings (limit 5)", {1: "Ac Ad Kc", 2: "Kd Ks", 3: "2h"}, 3, 5, 0),
    ("same with two jokers", {1: "Ac Ad Kc", 2: "Kd Ks", 3: "2h"}, 3, 5, 2),
    ("limit 6, 2 vs a full house (k<=5)", {1: "Ad Ac Kc Kd Ks 9s", 2: "2c"}, 2, 6, 0),
    ("limit 7, 2-3 vs a full house (k<=5)", {1: "Ad Ac Kc Kd Ks 9s 8s", 2: "2c 3d"}, 2, 7, 0),
    ("same with two jokers", {1: "Ad Ac Kc Kd Ks 9s 8s", 2: "2c 3d"}, 2, 7, 2),
]


def time_odds() -> None:
    """Print cold and warm timings of the odds for each position."""
    print("exact buy odds (all allowed k):")
    for title, hands, seat, limit, jokers in POSITIONS:
        options = StandardOptions(limit=limit, jokers=jokers)
        times = []
        for _ in range(2):
            start = time.perf_counter()
            odds = position_odds(hands, seat, options=options)
            times.append(time.perf_counter() - start)
        escapes = " ".join(f"{float(b.escape):.4f}" for b in odds.buys)
        print(
            f"  {title:40} k<={odds.max_buy}  cold {times[0]:6.3f} s  warm {times[1]:6.3f} s"
            f"  escape {escapes}"
        )


def tournament(players: int, rounds: int, bots: dict[str, Bot], first_seed: int) -> None:
    """Mean net chips per round of each bot, every bot in every seat equally often."""
    names = list(bots)
    options = StandardOptions(players=players)
    totals = dict.fromkeys(names, 0)
    seats_played = dict.fromkeys(names, 0)
    start = time.perf_counter()
    played = 0
    for number in range(rounds):
        deck = round_deck(options, seed=first_seed + number)
        lineup = [names[(number + i) % len(names)] for i in range(players)]
        for shift in range(players):
            seated = lineup[shift:] + lineup[:shift]
            final = play_round(options, deck, [bots[name] for name in seated])
            played += 1
            for name, player in zip(seated, final.players, strict=True):
                totals[name] += player.won - player.paid
                seats_played[name] += 1
    elapsed = time.perf_counter() - start
    print(f"{players} players, {played} rounds ({elapsed / played * 1000:.1f} ms a round):")
    for name in sorted(names, key=lambda n: -totals[n] / max(1, seats_played[n])):
        mean = totals[name] / max(1, seats_played[name])
        print(f"  {name:12} {mean:+.3f} chips a round  ({seats_played[name]} seats)")


def main() -> None:
    """Run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200, help="deals per table size")
    parser.add_argument("--players", type=int, nargs="+", default=[4])
    parser.add_argument("--weights", type=str, nargs="*", default=[], help="extra odds bots")
    parser.add_argument("--seed", type=int, default=1, help="first deal number")
    parser.add_argument("--no-odds", action="store_true", help="skip the odds timings")
    args = parser.parse_args()
    if not args.no_odds:
        time_odds()
    bots: dict[str, Bot] = {name: make_bot(name) for name in ("odds", "cautious", "aggressive")}
    bots["steady"] = make_bot("steady")
    for weight in args.weights:
        bots[f"odds w={weight}"] = OddsBot(weight=Fraction(weight))
    for players in args.players:
        tournament(players, args.rounds, bots, args.seed)


if __name__ == "__main__":
    main()
