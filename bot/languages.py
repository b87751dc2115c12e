"""The languages the bot speaks, in one table that everything else reads: the catalogues'
codes, each language's own name and its English one, and the Discord client locales that
speak it (Discord's apps have no Gujarati or Slovak: those players choose them with
/language). A new language is one row here plus its catalogues (docs/translating.md);
`tests/bot/test_i18n.py` ties the table to the catalogue files."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Language:
    code: str  # the catalogues' name: bot/locales/<code>.po
    own_name: str  # as its speakers name it: "हिन्दी"
    english_name: str
    locales: tuple[str, ...] = ()  # Discord's client languages that are this one (its codes)
    decimal_comma: bool = False  # writes 2,5 for 2.5 (/review's figures)

    @property
    def choice(self) -> str:
        """As a list of choices shows it: "हिन्दी (Hindi)"."""
        return self.own_name if self.code == "en" else f"{self.own_name} ({self.english_name})"


ALL = (
    Language("en", "English", "English", ("en-US", "en-GB")),
    Language("hi", "हिन्दी", "Hindi", ("hi",)),
    Language("gu", "ગુજરાતી", "Gujarati"),
    Language("cs", "Čeština", "Czech", ("cs",), decimal_comma=True),
    Language("sk", "Slovenčina", "Slovak", decimal_comma=True),
    Language("de", "Deutsch", "German", ("de",), decimal_comma=True),
)  # fmt: skip
BY_CODE = {language.code: language for language in ALL}
