"""The local web application for the director's phone (``director serve``).

A room of its own: it reads the ruling's data (``bridge_director.ruling.render.as_dict``) and the case
format, and holds no law and no ruling logic. The page shows what the ruling's data says.

Modules: ``state`` (the page's state token: the case so far, carried in every form),
``draft`` (state -> case YAML -> ruling), ``store`` (the evening's session folder),
``app`` (the Starlette application), ``serve`` (the command: address, QR code, uvicorn).
"""
