"""The judgement properties of the case format, in one table: what each means, how the
director is asked about it, and how the finding reads once stated.

A judgement is what only the director can judge ("East's 2NT was comparable"); the case
states it as ``event N property: value``. Three readers use this one table:

* the case format (``bridge_director.case.load.JUDGEMENT_PROPS``): the value's kind and meaning, for errors
  and ``director format``;
* the questions (``bridge_director.ruling.questions``): the question put to the director, with ``{call}``,
  ``{seat}`` (in full), ``{what}`` (the event in words) and ``{replaced}`` filled in, and whether
  "yes" means ``false`` (``flip``: the question asks the opposite of the property);
* the report, quiz and charts (``bridge_director.paper.words``): the finding in words after "was"
  (true, false), with ``{who}`` filled in; a list property's finding is one sentence with
  ``{about}`` and ``{items}``.

No law here: the words restate the judgement; which rule reads it is the rules' business. The
question texts are the interface catalogue's msgids (``bridge_director/ruling/i18n/locale``): change one and
its translation with it.
"""
from __future__ import annotations

from typing import NamedTuple


class Property(NamedTuple):
    """One judgement property: ``means`` ("bool: ..." or "list of ...: ..."), ``question``
    (a template), ``flip``, and ``found``: (true words, false words) after "was", or for a
    list property a one-sentence template with ``{about}`` and ``{items}``."""

    means: str
    question: str
    flip: bool
    found: "tuple[str, str] | str"
    #: a judgement the director makes away from the table (a poll of peers, the damage at the
    #: end of play, the kind of adjusted score): asked of the director, never read out to the
    #: players under "Tell the players now"
    away: bool = False


#: the kinds of event a property is judged on, where that is one kind (``call``: a call or a
#: replacement; otherwise a ``happened`` code): a judgement typed on another kind of event is
#: refused at load, naming the events it could be on (tester11: one way for every wrong event,
#: as the intent on a replacement is refused). Properties judged on any event are not listed.
ON: dict[str, "tuple[str, ...]"] = {
    "artificial": ("call",),
    "comparable": ("call",),
    "unintended": ("call",),
    "wrong-board": ("call",),
    "pause-for-thought": ("call",),
    "specifies": ("call",),
    "repeat-governs": ("call",),
    "intentional": ("call",),
    "accepts-insufficient": ("call",),
    "after-ruling": ("call",),
    "same-meaning": ("call",),
    "subset-of-meanings": ("call",),
    "same-purpose": ("call",),
    "differs": ("call-on-source-board",),
    "evidence": ("explanation", "failure-to-alert"),
    "partner-could-see": ("card-exposed", "card-seen", "overheard", "hand-from-wrong-pocket"),
    "likely-to-interfere": ("card-exposed", "card-seen", "overheard", "hand-from-wrong-pocket"),
    "playable-without-change": ("hand-count", "surplus-card"),
    "in-correction-period": ("hand-count", "surplus-card"),
    "to-benefit-partner": ("question",),
    "to-mislead": ("question",),
    "played-before": ("wrong-board-at-table",),
    "due-later": ("wrong-board-at-table",),
    "played-to-trick": ("surplus-card",),
    "allowed": ("rectification-by-players",),
}


PROPERTIES: dict[str, Property] = {
    "artificial": Property(
        means='bool: the call is artificial (Definitions)',
        question="Was {seat}'s {call} artificial?",
        flip=False,
        found=('artificial', 'not artificial')),
    "comparable": Property(
        means=('bool: the replacement call is comparable to the withdrawn call (same or similar meaning,'
               ' a subset of its meanings, or the same purpose)'),
        question=('Is {call} comparable to {replaced} (same or similar meaning, a subset of its meanings, '
                  'or the same purpose)?'),
        flip=False,
        found=('comparable to the call it replaced', 'not comparable to the call it replaced')),
    "unintended": Property(
        means=('bool: the call was not the one the player meant to make (mechanical error or slip of the'
               ' tongue)'),
        question='Was {call} the call {seat} meant to make?',
        flip=True,
        found=('not the call {who} meant to make (a slip)', 'the call {who} meant to make')),
    "could-have-known": Property(
        means='bool: the offender could have known the irregularity could well damage the other side',
        question='Could {seat} have known, when making {call}, that it could well damage the other side?',
        flip=False,
        found=('a call the offender could have known would likely damage the other side',
               'not a call the offender could have known would damage the other side'),
        away=True),
    "damaged": Property(
        means='bool: the non-offending side was damaged at the end of play',
        question='Was the other side damaged at the end of play?',
        flip=False,
        found=('damaging to the non-offending side', 'not damaging to the non-offending side'),
        away=True),
    "wrong-board": Property(
        means='bool: the call was made holding cards from the wrong board',
        question='Was {call} made holding cards from the wrong board?',
        flip=False,
        found=('made holding the cards of another board', 'not made holding the cards of another board')),
    "could-have-seen": Property(
        means='bool: during the shuffle and deal a player could have seen a card of another hand (event)',
        question='Could a player have seen a card of another hand ({what})?',
        flip=False,
        found=('such that a player could have seen a card of another hand',
               'such that no player could have seen a card of another hand')),
    "cards-seen": Property(
        means=('bool: before the discrepancy was mended a player saw a card of another hand (hand-count '
               'event); or the player who took a hand out of the wrong pocket saw the face of any of its '
               'cards (hand-from-wrong-pocket event, 16D1)'),
        question='Did a player see a card of another hand before the hands were put right ({what})?',
        flip=False,
        found=('such that a player saw a card of another hand before it was put right',
               'such that no player saw a card of another hand before it was put right')),
    "likely-to-interfere": Property(
        means=('bool: the information received is likely to interfere with normal play (card-'
               'seen/overheard event)'),
        question='Is the information likely to interfere with normal play ({what})?',
        flip=False,
        found=('likely to interfere with normal play', 'not likely to interfere with normal play')),
    "playable-without-change": Property(
        means='bool: the corrected board can be played normally with no change of call (hand-count event)',
        question='Can the corrected board be played normally, with no change of call ({what})?',
        flip=False,
        found=('such that the board can be played normally with no change of call',
               'such that the board cannot be played normally without a change of call')),
    "differs": Property(
        means=('bool: the call made on the board the cards came from differs from the cancelled one: '
               'much different in meaning, or psychic (15A3; call-on-source-board event)'),
        question=('Does {call}, made on the board the cards came from, differ from the cancelled call (much'
                  ' different in meaning, or psychic)?'),
        flip=False,
        found=('different from the cancelled call (in meaning, or psychic)',
               'not different from the cancelled call')),
    "pause-for-thought": Property(
        means=('bool: the player paused for thought before changing the call (a replacement; rubber-'
               'bridge codes)'),
        question='Did {seat} pause for thought before changing to {call}?',
        flip=False,
        found=('a change made after a pause for thought', 'a change made without a pause for thought')),
    "specifies": Property(
        means='list of denominations, e.g. [H]: the denomination(s) an artificial bid specified (27B1(a))',
        question="Which denomination(s) did {seat}'s {call} specify (e.g. H, or H S)?",
        flip=False,
        found='{about} specified {items}'),
    "partner-could-see": Property(
        means=("bool: the holder's own error put the card where the holder's partner could see its face "
               '(card-exposed event, or card-seen during the auction; Law 24)'),
        question=("Did its holder's own error put the card where the holder's partner could see its face "
                  '({what})?'),
        flip=False,
        found=("held where its holder's partner could see its face",
               "not held where its holder's partner could see its face")),
    "suggested": Property(
        means=('bool: the call was demonstrably suggested, over another, by the extraneous information '
               'from partner (hesitation, remark, alert or explanation before it); stated on that '
               "information's own event, the play partner chose after it (the opening lead, say)"),
        question="Did the unauthorised information demonstrably suggest {seat}'s {call} over another call?",
        flip=False,
        found=('demonstrably suggested over another call by the extraneous information from partner',
               'not demonstrably suggested by the extraneous information from partner'),
        away=True),
    "logical-alternative": Property(
        means=('bool: another call was a logical alternative: one a significant proportion of the '
               "players' peers would seriously consider, some choosing it"),
        question=("Was another call a logical alternative to {seat}'s {call} (one a significant proportion "
                  "of {seat}'s peers would seriously consider, some choosing it)?"),
        flip=False,
        found=('a call with a logical alternative (another call its peers would seriously consider)',
               'a call with no logical alternative'),
        away=True),
    "misinformation": Property(
        means=('bool: the explanation (or alert) given did not describe the partnership agreement '
               '(explanation event; false: the explanation was right and the call was a mistaken call)'),
        question='Did {what} fail to describe the partnership agreement (not merely a mistaken call)?',
        flip=False,
        found=('an explanation that did not describe the partnership agreement (misinformation)',
               'an explanation that described the partnership agreement (the call was a mistaken call)'),
        away=True),
    "evidence": Property(
        means=('bool: the director found evidence (system card, notes, other agreements) of what the '
               "partnership agreement was behind the explanation or the missing alert, beyond the players' "
               'own word (false: none either way, so 21B1(b) presumes a mistaken explanation, not a mistaken call)'),
        question=('Did the director find evidence of the partnership agreement behind {what} (system card, '
                  "notes, other agreements), beyond the players' own word?"),
        flip=False,
        found=('backed by evidence of the partnership agreement',
               'with no evidence of the partnership agreement either way'),
        away=True),
    "influenced": Property(
        means='bool: the decision to make this call could well have been influenced by the misinformation',
        question="Could {seat}'s {call} well have been influenced by the misinformation?",
        flip=False,
        found=('a call the misinformation could well have influenced',
               'not a call the misinformation could have influenced')),
    "gained": Property(
        means='bool: at the end of play, the offending side gained an advantage from the irregularity',
        question=('At the end of play, did the offending side gain an advantage from the irregularity '
                  '({what})?'),
        flip=False,
        found=('an irregularity from which the offending side gained an advantage at the end of play',
               'an irregularity from which the offending side gained no advantage at the end of play'),
        away=True),
    "at-fault": Property(
        means=('list of sides, e.g. [EW]: the sides directly at fault for the irregularity that left no '
               'result (event; [] if none)'),
        question='Which sides were directly at fault for the irregularity ({what})?',
        flip=False,
        found='the sides directly at fault for {about}: {items}',
        away=True),
    "partly-at-fault": Property(
        means='list of sides, e.g. [NS]: the sides only partly at fault for it (event; [] if none)',
        question='Which sides were only partly at fault for the irregularity ({what})?',
        flip=False,
        found='the sides only partly at fault for {about}: {items}',
        away=True),
    "serious-error": Property(
        means=('bool: after the irregularity the non-offending side contributed to its own damage by an '
               'extremely serious error or a gambling action (event)'),
        question=('After the irregularity, did the non-offending side add to its own damage by an extremely'
                  ' serious error or a gambling action ({what})?'),
        flip=False,
        found=('followed by an extremely serious error or a gambling action of the non-offending side',
               'not followed by an extremely serious error or a gambling action of the non-offending side'),
        away=True),
    "same-meaning": Property(
        means=('bool: the replacement call has the same or a similar meaning as the one withdrawn (23A1:'
               ' then it is comparable)'),
        question='Does {call} have the same or a similar meaning as {replaced}?',
        flip=False,
        found=('of the same or a similar meaning as the call withdrawn',
               'not of the same or a similar meaning as the call withdrawn')),
    "subset-of-meanings": Property(
        means=('bool: the replacement call defines a subset of the meanings of the one withdrawn (23A2: '
               'then it is comparable)'),
        question='Does {call} define a subset of the meanings of {replaced}?',
        flip=False,
        found=('a call defining a subset of the meanings of the call withdrawn',
               'not a call defining a subset of the meanings of the call withdrawn')),
    "same-purpose": Property(
        means=('bool: the replacement call has the same purpose as the one withdrawn, an asking bid or a'
               ' relay say (23A3: then it is comparable)'),
        question='Does {call} have the same purpose as {replaced} (an asking bid or a relay, say)?',
        flip=False,
        found=('of the same purpose as the call withdrawn', 'not of the same purpose as the call withdrawn')),
    "results-obvious": Property(
        means=('bool: the results the board could probably have had without the irregularity are few and'
               ' obvious enough to assign a score (event; 12C1(d): if not, an artificial score)'),
        question=('Are the results the board could probably have had without the irregularity few and clear'
                  ' enough to assign a score ({what})?'),
        flip=False,
        found=('such that the probable results can be worked out',
               'such that the possible results are numerous or not obvious'),
        away=True),
    "weighted": Property(
        means=('bool: the director weights the assigned adjusted score among several results that could '
               'have been reached legally (event; 12C1(c))'),
        question=('Should the assigned score be weighted among several results that could have been reached'
                  ' legally ({what})?'),
        flip=False,
        found=('to be adjusted with a weighted score', 'to be adjusted with a score that is not weighted'),
        away=True),
    "to-benefit-partner": Property(
        means=("bool: the player's sole purpose in asking the question was to benefit partner (question "
               'event; 20G1)'),
        question='Was the sole purpose of the question to benefit partner ({what})?',
        flip=False,
        found=('a question asked solely to benefit partner',
               'not a question asked solely to benefit partner')),
    "to-mislead": Property(
        means=("bool: the player's sole purpose in asking the question was to draw an incorrect answer "
               'from an opponent (question event; 20G2)'),
        question='Was the sole purpose of the question to draw a wrong answer from an opponent ({what})?',
        flip=False,
        found=('a question asked solely to draw a wrong answer from an opponent',
               'not a question asked solely to draw a wrong answer from an opponent')),
    "played-before": Property(
        means=('bool: a player at this table had already played the board, with any opponents '
               '(wrong-board-at-table event whose played_by is not known; 15B)'),
        question='Had any player at this table already played that board, with any opponents ({what})?',
        flip=False,
        found=('a board a player at the table had already played', 'a board none of the four had played')),
    "due-later": Property(
        means=('list of sides, e.g. [NS]: the sides at this table due to play the board later in the '
               'session, against other opponents (wrong-board-at-table event; [] if none; 15B3)'),
        question='Which sides at this table are due to play that board later this session ({what})?',
        flip=False,
        found='the sides due to play that board later in the session, for {about}: {items}'),
    "played-to-trick": Property(
        means='bool: the surplus card was played to a quitted trick (surplus-card event found in play; 13C)',
        question='Was the surplus card played to a quitted trick ({what})?',
        flip=False,
        found=('a card played to a quitted trick', 'a card not played to a quitted trick')),
    "forfeited": Property(
        means=('bool: the director rules that the non-offending side, by acting before summoning the '
               'director, forfeited its right to rectification (card-exposed event; 11A)'),
        question=('Did the non-offending side, by acting before calling the director, lose its right to '
                  'rectification ({what})?'),
        flip=False,
        found=('such that the non-offending side forfeited its right to rectification',
               'such that the non-offending side kept its right to rectification')),
    "in-correction-period": Property(
        means=('bool: the short hand came to light before the end of the Correction Period (hand-count event '
               'found after play; 14B holds until then)'),
        question='Did the short hand come to light before the Correction Period ended ({what})?',
        flip=False,
        found=('found before the end of the Correction Period', 'found after the Correction Period had ended'),
        away=True),
    "allowed": Property(
        means=('bool: the director lets stand the rectification the players enforced or waived without '
               'the director (rectification-by-players event; 10B)'),
        question=('Does the director let stand the rectification the players applied without the director '
                  '({what})?'),
        flip=False,
        found=('allowed to stand', 'cancelled')),
    "repeat-governs": Property(
        means=("bool: at the offender's next turn, where they must both repeat their cancelled call out of "
               "rotation (31A1, 32A1) and pass (24B, 24C: partner exposed a card), the director rules that the "
               "repeat governs (false: the pass governs; judged on the call out of rotation)"),
        question=("{seat} must repeat {call} at their next turn and must also pass at it: does the obligation to "
                  "repeat {call} govern that turn?"),
        flip=False,
        found=('ruled to govern over the obligation to pass at that turn',
               'ruled to give way to the obligation to pass at that turn')),
    "intentional": Property(
        means=("bool: the call was made intentionally over an opponent's change of call, accepting it "
               "(judged on the LHO's call; 25B1)"),
        question="Did {seat} make {call} intentionally over the changed call, so accepting the change?",
        flip=False,
        found=('made intentionally over the changed call', 'not made intentionally over the changed call')),
    "accepts-insufficient": Property(
        means=("bool: the LHO's call, made over a call the offender put prematurely in place of an "
               "insufficient bid, accepted the insufficient bid (judged on the LHO's call; 27A1, 27C)"),
        question=("Did {seat}'s {call}, made over the call put in place of the insufficient bid, accept "
                  "the insufficient bid?"),
        flip=False,
        found=('an acceptance of the insufficient bid', 'not an acceptance of the insufficient bid')),
    "after-ruling": Property(
        means=("bool: the director had already ruled on rectification when this call was made (judged on the "
               "first call after a director call the case follows with no ruling; false: it and every later call "
               "came before the ruling; Laws 36A, 37A and 38B/38D turn on it)"),
        question="Had the director already ruled on rectification when {seat} made {call}?",
        flip=False,
        found=('made after the director had ruled on rectification',
               'made before the director had ruled on rectification')),
    "stands-over-cancelled": Property(
        means=("bool: the LHO's call, made over a double or redouble the offender put in place of an insufficient "
               "bid and that 27B3 cancels, stands once the offender has put a legal bid or pass in place (false: it "
               "is withdrawn and the LHO calls again; judged on the LHO's call; the Laws leave it to the director)"),
        question=("Does {seat}'s {call}, made over the cancelled double or redouble, stand once a legal call is put "
                  "in place of the insufficient bid (rather than being withdrawn, {seat} calling again)?"),
        flip=False,
        found=('kept over the legal call put in place of the insufficient bid', 'withdrawn, to be made again')),
}
