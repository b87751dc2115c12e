"""Each catalogue writes in its own script: a Gujarati reader never gets Hindi (Devanagari)
words, nor a Hindi reader Gujarati ones (the two were once mixed up in the images' words)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
# the shared catalogues and the built-in games' own
FOLDERS = [ROOT / "bot" / "locales", *sorted(ROOT.glob("engine/*/locales"))]
FOREIGN = {"gu": re.compile("[\u0900-\u097f]"), "hi": re.compile("[\u0a80-\u0aff]")}


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda folder: folder.parent.name)
@pytest.mark.parametrize("code", sorted(FOREIGN))
def test_a_catalogue_has_no_words_in_the_other_script(folder: Path, code: str) -> None:
    with (folder / f"{code}.po").open("rb") as po:
        catalogue = read_po(po, locale=code)
    wrong = []
    for message in catalogue:
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        if any(text and FOREIGN[code].search(text) for text in texts):
            wrong.append(message.id)
    assert not wrong, wrong
