"""The interview: a director describes what happened and is asked only what the ruling waits for.

``terminal.py`` is the terminal front end (``director ask``); it reads the ruling's data
(bridge_director.ruling.questions, bridge_director.ruling.grid) and builds the case with bridge_director.session.draft.Draft. No law here.
"""
