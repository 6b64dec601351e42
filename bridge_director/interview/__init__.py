"""The interview: a director describes what happened and is asked only what the ruling waits for.

``terminal.py`` is the terminal front end (``director ask``); it reads the ruling's data
(engine.questions, engine.grid) and builds the case with engine.compose.Draft. No law here.
"""
