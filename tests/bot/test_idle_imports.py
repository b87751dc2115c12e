"""What an idle bot holds in memory: the bot and all its cogs imported, its catalogues and
commands made, but no table yet. Pillow and the renderers, Babel, openskill, prometheus_client
and aiohttp's server side are imported when first used (a table's first picture, a rating, the
metrics endpoint), so that they weigh nothing on a bot that is not using them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LATER = ("PIL", "renderers", "babel", "openskill", "prometheus_client", "aiohttp.web")

STARTED = """
import sys
import bot.__main__
from bot.client import COGS, create_bot
from bot.config import Settings
from bot.i18n import load_catalogues
import importlib
for name in COGS:
    importlib.import_module(name)
load_catalogues()
create_bot(Settings(token="x"))
print(" ".join(sorted(m for m in sys.modules if m.split(".")[0] in {LATER!r} or m in {LATER!r})))
"""


def test_an_idle_bot_has_not_imported_what_only_tables_and_metrics_need() -> None:
    script = STARTED.replace("{LATER!r}", repr(set(LATER)))
    found = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert found.stdout.split() == []


def test_the_drawing_modules_load_once_a_table_opens() -> None:
    script = (
        "import sys\nfrom bot.client import prepare_drawing\nprepare_drawing().join()\n"
        "print('renderers.table' in sys.modules, 'PIL.Image' in sys.modules)"
    )
    found = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert found.stdout.split() == ["True", "True"]
