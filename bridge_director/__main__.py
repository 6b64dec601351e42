"""``python -m bridge_director ...`` is ``director ...``."""
import sys

from bridge_director.cli.main import main

sys.exit(main())
