"""The daily board's lines on the puzzle of the day: the first ten solvers by name and the rest
counted (in the reader's plural forms), how to play it while the day lasts and not after, and
a day nobody solved it said plainly."""

from __future__ import annotations

from bot.daily_puzzle import DayPuzzle, board_text
from bot.i18n import speaking
from bot.puzzles import PuzzleRow

PUZZLE = PuzzleRow(12, 1, "sedma", 3, 5, 0, "best", (("a", 9.0), ("b", 1.0)), 1561.4)


def test_ten_solvers_are_named_and_the_rest_counted_in_the_readers_words() -> None:
    names = tuple(f"Member {n}" for n in range(1, 13))
    with speaking("cs"):
        text = board_text([DayPuzzle(PUZZLE, names)], over=False)
    assert text.startswith("Hádanka 12 (hodnocení 1561)")
    assert "Vyřešeno na první pokus: Member 1, " in text and "Member 10 a 2 další" in text
    assert "Member 11" not in text
    with speaking("sk"):
        text = board_text([DayPuzzle(PUZZLE, (*names, "A", "B", "C"))], over=False)
    assert "Member 10 a 5 ďalších" in text


def test_a_day_that_is_over_says_who_solved_it_and_no_longer_how_to_play_it() -> None:
    pick = PuzzleRow(13, 1, "sheepshead", 3, 0, 1, "pick", (("pick", 1.0), ("pass", 0.0)), 1500)
    with speaking("en"):
        today = board_text([DayPuzzle(PUZZLE, ()), DayPuzzle(pick, ("Asha",))], over=False)
        over = board_text([DayPuzzle(PUZZLE, ())], over=True)
    assert today.splitlines() == [
        "Puzzle 12 (rated 1561) · `/puzzle daily:True`",
        "Nobody has solved it on the first try yet.",
        "Pick or pass: puzzle 13 (rated 1500) · `/puzzle daily:True pick_or_pass:True`",
        "Solved on the first try: Asha",
    ]
    assert over.splitlines() == ["Puzzle 12 (rated 1561)", "Nobody solved it on the first try."]
    with speaking("hi"):
        assert "पहली कोशिश में इसे कोई हल नहीं कर पाया।" in board_text(
            [DayPuzzle(PUZZLE, ())], over=True)
