"""Club-evening scenarios for ``director ask``: what the interview asks and what a director
types, and what the ruling must then hold (test data: the expected rulings live here, in
tests/, not in the engine). Used by the pseudo-terminal tests
(tests/test_interview.py) and the keystroke benchmark (tools/bench.py).

Each scenario: ``steps`` is a list of (what the screen asks, a regular expression; what the
director types, without Enter); ``pairs``: (cite, outcome) pairs the final ruling must hold.
The last steps quit and save (the save prompt's reply is the file name, filled in by the
runner: ``{save}``).
"""
from __future__ import annotations

SAVE = [(r"What happened next\?", "q"), (r"Save the case before leaving\?", "{save}")]

SCENARIOS: dict[str, dict] = {
    "insufficient-bid-intent-question": {
        "what": "North opens 1S, East bids 1H; East meant it; South does not accept; East bids 2H",
        "steps": [(r"Board number", "5"), (r"Calls from the dealer \(North\)", "1S 1H"),
                  (r"Was 1H the call East meant to make\?", "y"),
                  (r"Does South accept East's 1H\?", "n"),
                  (r"What call does East make in place of 1H\?", "2H"),
                  (r"Was East's 1H artificial\?", "n")] + SAVE,
        "pairs": {("25A2", "change-not-allowed"), ("27B1(a)", "no-further-rectification")},
    },
    "bid-out-of-rotation-lho-decides": {
        "what": "North passes; South bids 1H at East's turn; West does not accept",
        "steps": [(r"Board number", "1"), (r"Calls from the dealer \(North\)", "P S:1H"),
                  (r"Does West accept South's 1H\?", "n")] + SAVE,
        "pairs": {("17C", "irregularity"), ("29B", "call-cancelled"), ("29B", "auction-reverts")},
    },
    "slip-corrected-at-once": {
        "what": "North opens 1C; East pulls 1D meaning 1H and puts it right at once",
        "steps": [(r"Board number", "1"), (r"Calls from the dealer \(North\)", "1C 1D"),
                  (r"What happened next\?", "E 1D>1H"),
                  (r"Was 1D the call East meant to make\?", "n")] + SAVE,
        "pairs": {("25A1", "call-stands"), ("25A1", "no-lead-restriction")},
    },
    "fourteen-card-hand": {
        "what": "Before any call East finds 14 cards; West has 12",
        "steps": [(r"Board number", "1"), (r"Calls from the dealer \(North\)", ""),
                  (r"What happened next\?", "hand-count E 14"),
                  (r"What happened next\?", "hand-count W 12"),
                  (r"already been bid or played at another table", "n")] + SAVE,
        "pairs": {("6D1", "new-shuffle-and-deal")},
    },
    "wrong-board": {
        "what": "North opens 1S; East overcalls 2H holding the cards of board 5",
        "steps": [(r"Board number", "1"), (r"Calls from the dealer \(North\)", "1S 2H"),
                  (r"What happened next\?", "wrong-board E 5"),
                  (r"What happened next\?", "")] + SAVE,
        "pairs": {("15A1", "call-cancelled"), ("15A2(b)", "offender-calls-again")},
    },
    "inadmissible-double": {
        "what": "North opens 1S, East passes, South doubles partner's 1S",
        "steps": [(r"Board number", "1"), (r"Calls from the dealer \(North\)", "1S P X"),
                  (r"Was X the call South meant to make\?", "y"),
                  (r"What happened next\?", "")] + SAVE,
        "pairs": {("36B1", "call-cancelled")},
    },
    "passed-out": {
        "what": "All four pass",
        "steps": [(r"Board number", "1"), (r"Calls from the dealer \(North\)", "P P P P")] + SAVE,
        "pairs": {("17D2", "passed-out")},
    },
}
