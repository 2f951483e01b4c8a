"""WSGI entry point: `gunicorn` (gunicorn.conf.py names it) or any other WSGI server."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from django.core.wsgi import get_wsgi_application

# The project folder first on sys.path, whichever server imports us from wherever: krcg's wheel installs a
# top-level `cards` package that our `cards` app must shadow.
PROJECT = str(Path(__file__).resolve().parent.parent)
if sys.path[:1] != [PROJECT]:
    sys.path.insert(0, PROJECT)

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "vtesdeck.settings")
application = get_wsgi_application()
