"""What the compiler knows of the facts' shapes: which fields a fact may lack.

The base facts (``bridge_director.infer.facts``) carry some fields only sometimes: a call has
a next call only when one was made after it, a bid has a level where a pass has none. A rule
whose ``unless:`` pattern compares a field of another pattern's fact by anything but
equality (``lt``, ``gt``, ``ne``...) stops the engine with error 311 ("property not found")
when that fact lacks the field, so the compiler refuses such a rule unless the positive
patterns make sure the field is there (``bridge_director.rulebook.book.check_negation_joins``).

``OPTIONAL_FIELDS``: for each base fact type with fields some of its facts lack, those
fields, in groups that are always there together (a test on one member makes sure of every
member). A field of a base type not listed is on every fact of that type, except for
the types of ``ONLY_ALWAYS``.
tests/test_rule_compiler_checks.py checks this against the facts of every case in cases/.
The fields of derived facts are worked out from the rules that derive them.
"""

from __future__ import annotations


def _groups(*groups: str) -> "tuple[frozenset, ...]":
    return tuple(frozenset(g.split()) for g in groups)


OPTIONAL_FIELDS: "dict[str, tuple[frozenset, ...]]" = {
    "call": _groups(
        "next_idx next_seat next_rel next_is_replacement next_by_turn_player",
        "level denom sufficient has_lowest_same above_seven",
        "replaces director_before offered_after_auction_end ruled_before",
        "lowest_same", "admissible", "contract", "last_bid", "last_call",
        "closing_pass_out_of_turn declarer dummy", "by_declaring_side contract_side",
        "closing_run_end missed_turn_seat", "simultaneous_idx simultaneous_with",
        "prev_idx prev_seat", "director_next_idx", "ruled_next_idx", "ruling_open_idx", "follows_own_idx",
        "lho_next_idx", "own_next_idx", "partner_last_idx", "partner_next_idx"),
    "auction-end": _groups("declarer declarer_side dummy leader"),
    "director-called": _groups("by"),
    "judgement": _groups("call event_kind lho partner seat side", "partner_next_idx"),
    "happened": _groups(
        "actor actor_partner actor_side", "actor_last_call actor_last_idx actor_last_kind",
        "actor_next_idx", "adjacent", "board", "by", "by_offending_side", "call",
        "call_before_director", "call_before_ruling_idx", "card", "cards", "count",
        "director_at_idx", "director_next_idx", "dummy", "explained_idx", "exposed",
        "holder_partner holder_side", "how", "led", "lho partner seat seat_called_before",
        "moment", "next_call_idx next_call_seat next_call_side", "of", "offender offender_side",
        "opp_call_before_director_idx", "partner_last_idx",
        "partner_next_after_director_call partner_next_after_director_idx",
        "partner_next_call partner_next_idx", "permission", "played_before", "played_by",
        "pocket", "rank", "session", "side", "sides_played", "suit", "what", "where", "words"),
}


#: base fact types whose facts carry the fields of the event they come from: only these
#: fields are on every fact of the type; any other may be missing
ONLY_ALWAYS: "dict[str, frozenset]" = {
    "happened": frozenset(
        "t fid idx code stage about_other_board any_call_before any_call_after auction_period_begun "
        "calls_on_board_before calls_on_board_when_told cards_out_both_sides deal_completed_before deal_completed_when_found "
        "director_since_last_call first_auction_begun first_auction_begun_when_told "
        "lead_faced_before play_ended_before play_ended_when_told".split()),
}


def optional(ftype: str, fld: str) -> "frozenset | None":
    """The group of fields ``fld`` is optional with on a base fact of ``ftype`` (it included),
    or None when every such fact carries it."""
    for group in OPTIONAL_FIELDS.get(ftype, ()):
        if fld in group:
            return group
    always = ONLY_ALWAYS.get(ftype)
    return frozenset((fld,)) if always is not None and fld not in always else None
