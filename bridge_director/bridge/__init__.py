"""Bridge mechanics: what a player who never read the Laws computes.

- ``table``: seats and their relations, calls and their ranking, boards (dealer,
  vulnerability), the auction replayed (whose turn, sufficiency, the contract);
- ``pbn``: PBN as a format (cards, hands, deals, tags);
- ``cutting``: cutting for a table (card values, places, the table file of the club code);
- ``deals``: shuffle statistics and the register of deals already played.

No clause of the Laws is named here. May import: ``base``.
"""
