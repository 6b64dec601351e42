"""The ``director`` command: ``main`` parses the arguments and dispatches to the front ends and
tools; ``deals`` holds the ``director deals`` commands.

The top of the house: it may import every room; no room imports it.
"""
