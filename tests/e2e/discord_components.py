"""Discord's rules on a message's components, as the fake Discord checks them.

What Discord documents (developers/components/reference, developers/resources/message) and
what its answers show:
- a message sent with the flag IS_COMPONENTS_V2 (1 << 15) is made of components only: a
  `content`, `embeds`, `sticker_ids` or `poll` with it is refused; an edit may set the flag
  (clearing those fields) but never remove it;
- such a message holds at most 40 components, counted through every level of nesting (a
  container, each of its children, each button of a row, a section's accessory), and its text
  displays hold at most 4,000 characters in all;
- at the top level: action rows, sections, text displays, media galleries, files, separators
  and containers; in a container the same but containers; a section holds one to three text
  displays and one accessory (a button or a thumbnail); an action row holds one to five
  buttons or one select; a media gallery holds one to ten items;
- a media item that says `attachment://<name>` names a file of the message; in an edit, a file
  the message already has (Discord refuses an edit that uploads the picture its media gallery
  shows, as if the file were not there: discord-api-docs#7529);
- a button's label is at most 80 characters, a custom id 1 to 100 and unique in the message,
  a select offers 1 to 25 options (each label, value and description at most 100) and chooses
  `min_values` ≤ `max_values` ≤ its options, its placeholder at most 150, an alt text at most
  1,024;
- without the flag (a legacy message): only action rows at the top level, at most five.

A breach is answered as Discord answers an invalid form: 400, code 50035, the errors under the
path of the field at fault (`{"components": {"0": {"components": {"2": {"label": {"_errors":
[...]}}}}}}`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from aiohttp import web

COMPONENTS_V2 = 1 << 15
ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT = 1, 2, 3, 4
SELECTS = frozenset({3, 5, 6, 7, 8})
SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER = (
    9, 10, 11, 12, 13, 14, 17,
)  # fmt: skip
INTERACTIVE = frozenset({BUTTON, *SELECTS})
TOP_LEVEL = frozenset({ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR,
                       CONTAINER})  # fmt: skip
IN_CONTAINER = TOP_LEVEL - {CONTAINER}
LINK = 5  # the button style that opens a URL (no custom id)
PREMIUM = 6
MAX_COMPONENTS = 40
MAX_TEXT = 4000
LEGACY_FIELDS = ("content", "embeds", "sticker_ids", "poll")

Path = tuple[str, ...]
Errors = list[tuple[Path, str, str]]  # (where, Discord's code, its message)


class FormRefused(Exception):
    """A request Discord refuses as an invalid form (400, code 50035)."""

    def __init__(self, errors: Errors) -> None:
        super().__init__("; ".join(f"{'.'.join(p) or '(body)'}: {m}" for p, _c, m in errors))
        self.errors = errors

    def response(self, prefix: Path = ()) -> web.Response:
        tree: dict[str, Any] = {}
        for path, code, message in self.errors:
            node = tree
            for part in (*prefix, *path):
                node = node.setdefault(part, {})
            node.setdefault("_errors", []).append({"code": code, "message": message})
        body = {"message": "Invalid Form Body", "code": 50035, "errors": tree}
        return web.Response(body=json.dumps(body).encode(), status=400,
                            headers={"Content-Type": "application/json"})  # fmt: skip


def walk(components: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component, those nested in containers, sections and rows included, in order."""
    for component in components:
        yield component
        yield from walk(component.get("components") or [])
        accessory = component.get("accessory")
        if isinstance(accessory, dict):
            yield accessory


def _max(path: Path, limit: int) -> tuple[Path, str, str]:
    return path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length."


def _between(path: Path, low: int, high: int) -> tuple[Path, str, str]:
    return path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length."


def _wrong_type(path: Path, allowed: Iterable[int]) -> tuple[Path, str, str]:
    choices = ", ".join(str(kind) for kind in sorted(allowed))
    return path, "UNION_TYPE_CHOICES", f'Value of field "type" must be one of ({choices}).'


def check_message(
    payload: dict[str, Any],
    files: Iterable[str],
    old: dict[str, Any] | None = None,
) -> None:
    """Raises FormRefused if Discord would refuse `payload` (a message made, or an edit of
    `old`); `files`: the names of the files the message has (uploaded with it, or kept)."""
    errors: Errors = []
    old_flags = int((old or {}).get("flags") or 0)
    sent_flags = payload.get("flags")
    flags = old_flags if sent_flags is None else int(sent_flags)
    if old_flags & COMPONENTS_V2 and not flags & COMPONENTS_V2:
        errors.append((("flags",), "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG",
                       "The IS_COMPONENTS_V2 flag cannot be removed."))  # fmt: skip
    components = payload.get("components")
    if components is None and old is not None:
        components = old.get("components")
    components = components or []
    if flags & COMPONENTS_V2:
        for name in LEGACY_FIELDS:
            if payload.get(name):
                errors.append(((name,), "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                               f"The '{name}' field cannot be used when using "
                               "MessageFlags.IS_COMPONENTS_V2"))  # fmt: skip
            elif old is not None and not old_flags & COMPONENTS_V2 and old.get(name) and (
                name not in payload
            ):
                errors.append(((name,), "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                               f"The '{name}' field must be cleared to set IS_COMPONENTS_V2"))
        errors += _layout(components, set(files))
    else:
        errors += _legacy(components)
    errors += _interactive(components)
    if errors:
        raise FormRefused(errors)


def _layout(components: list[dict[str, Any]], files: set[str]) -> Errors:
    errors: Errors = []
    every = list(walk(components))
    if len(every) > MAX_COMPONENTS:
        errors.append(_max(("components",), MAX_COMPONENTS))
    text = sum(len(str(c.get("content") or "")) for c in every if c.get("type") == TEXT_DISPLAY)
    if text > MAX_TEXT:
        errors.append((("components",), "COMPONENT_TEXT_TOO_LONG",
                       f"The total length of text displays must be {MAX_TEXT} or fewer."))
    for index, component in enumerate(components):
        errors += _component(component, ("components", str(index)), TOP_LEVEL, files)
    return errors


def _component(
    component: dict[str, Any], path: Path, allowed: frozenset[int], files: set[str]
) -> Errors:
    kind = component.get("type")
    if kind not in allowed:
        return [_wrong_type((*path, "type"), allowed)]
    children = component.get("components") or []
    errors: Errors = []
    if kind == CONTAINER:
        colour = component.get("accent_color")
        if colour is not None and not 0 <= int(colour) <= 0xFFFFFF:
            errors.append(((*path, "accent_color"), "NUMBER_TYPE_MAX",
                           "int value should be less than or equal to 16777215."))
        for index, child in enumerate(children):
            errors += _component(child, (*path, "components", str(index)), IN_CONTAINER, files)
    elif kind == SECTION:
        if not 1 <= len(children) <= 3:
            errors.append(_between((*path, "components"), 1, 3))
        for index, child in enumerate(children):
            errors += _component(child, (*path, "components", str(index)),
                                 frozenset({TEXT_DISPLAY}), files)  # fmt: skip
        accessory = component.get("accessory")
        if not isinstance(accessory, dict):
            errors.append(((*path, "accessory"), "BASE_TYPE_REQUIRED", "This field is required"))
        else:
            errors += _component(accessory, (*path, "accessory"),
                                 frozenset({BUTTON, THUMBNAIL}), files)  # fmt: skip
    elif kind == ACTION_ROW:
        errors += _row(children, path)
    elif kind == TEXT_DISPLAY:
        if not str(component.get("content") or ""):
            errors.append(((*path, "content"), "BASE_TYPE_REQUIRED", "This field is required"))
    elif kind == MEDIA_GALLERY:
        items = component.get("items") or []
        if not 1 <= len(items) <= 10:
            errors.append(_between((*path, "items"), 1, 10))
        for index, item in enumerate(items):
            errors += _media(item, (*path, "items", str(index)), files)
    elif kind == THUMBNAIL:
        errors += _media(component, path, files)
    elif kind == FILE:
        url = str((component.get("file") or {}).get("url") or "")
        if not url.startswith("attachment://"):
            errors.append(((*path, "file", "url"), "UNFURLED_MEDIA_ITEM_ATTACHMENT_ONLY",
                           "The file component supports attachment:// references only."))
        else:
            errors += _media({"media": component.get("file")}, path, files)
    elif kind == SEPARATOR and component.get("spacing", 1) not in (1, 2):
        errors.append(((*path, "spacing"), "ENUM_TYPE_COERCE",
                       f"Value \"{component.get('spacing')}\" is not a valid enum value."))
    return errors


def _media(item: dict[str, Any], path: Path, files: set[str]) -> Errors:
    errors: Errors = []
    media = item.get("media") if "media" in item else item.get("file")
    url = str((media or {}).get("url") or "")
    if not url:
        errors.append(((*path, "media", "url"), "BASE_TYPE_REQUIRED", "This field is required"))
    elif url.startswith("attachment://") and url[len("attachment://"):] not in files:
        errors.append(((*path, "media", "url"), "UNFURLED_MEDIA_ITEM_ATTACHMENT_NOT_FOUND",
                       f"No attachment named {url[len('attachment://'):]!r} was found."))
    if len(str(item.get("description") or "")) > 1024:
        errors.append(_max((*path, "description"), 1024))
    return errors


def _row(children: list[dict[str, Any]], path: Path) -> Errors:
    kinds = [child.get("type") for child in children]
    if not children:
        return [_between((*path, "components"), 1, 5)]
    for index, kind in enumerate(kinds):
        if kind not in INTERACTIVE:
            return [_wrong_type((*path, "components", str(index), "type"), INTERACTIVE)]
    if any(kind in SELECTS for kind in kinds):
        if len(children) > 1:  # a select takes the whole row
            return [((*path, "components"), "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                     "The specified component exceeds the maximum width")]
        return []
    if len(children) > 5:
        return [_between((*path, "components"), 1, 5)]
    return []


def _legacy(components: list[dict[str, Any]]) -> Errors:
    """A message without the flag: action rows only, at most five."""
    errors: Errors = []
    if len(components) > 5:
        errors.append(_max(("components",), 5))
    for index, component in enumerate(components):
        path = ("components", str(index))
        if component.get("type") != ACTION_ROW:
            errors.append(_wrong_type((*path, "type"), {ACTION_ROW}))
            continue
        errors += _row(component.get("components") or [], path)
    return errors


def _interactive(components: list[dict[str, Any]]) -> Errors:
    """Every button and select, wherever it sits: its label, custom id and options."""
    errors: Errors = []
    seen: set[str] = set()
    for path, component in _with_paths(components, ("components",)):
        kind = component.get("type")
        if kind not in INTERACTIVE:
            continue
        custom_id = component.get("custom_id")
        if kind == BUTTON and component.get("style") in (LINK, PREMIUM):
            if len(str(component.get("url") or "")) > 512:
                errors.append(_max((*path, "url"), 512))
        elif custom_id is None or not 1 <= len(str(custom_id)) <= 100:
            errors.append(_between((*path, "custom_id"), 1, 100))
        elif custom_id in seen:
            errors.append(((*path, "custom_id"), "COMPONENT_CUSTOM_ID_DUPLICATED",
                           "Component custom id cannot be duplicated"))
        if custom_id is not None:
            seen.add(str(custom_id))
        if kind == BUTTON and len(str(component.get("label") or "")) > 80:
            errors.append(_max((*path, "label"), 80))
        if kind in SELECTS:
            errors += _select(component, path)
    return errors


def _select(select: dict[str, Any], path: Path) -> Errors:
    errors: Errors = []
    options = select.get("options") or []
    if select.get("type") == STRING_SELECT and not 1 <= len(options) <= 25:
        errors.append(_between((*path, "options"), 1, 25))
    for index, option in enumerate(options):
        for key in ("label", "value", "description"):
            if len(str(option.get(key) or "")) > 100:
                errors.append(_max((*path, "options", str(index), key), 100))
    if len(str(select.get("placeholder") or "")) > 150:
        errors.append(_max((*path, "placeholder"), 150))
    low, high = int(select.get("min_values", 1)), int(select.get("max_values", 1))
    most = min(25, len(options)) if select.get("type") == STRING_SELECT else 25
    if not 0 <= low <= high <= most:
        errors.append(((*path, "max_values"), "BASE_TYPE_MAX",
                       f"int value should be less than or equal to {most}."))
    return errors


def _with_paths(
    components: list[dict[str, Any]], path: Path
) -> Iterator[tuple[Path, dict[str, Any]]]:
    for index, component in enumerate(components):
        here = (*path, str(index))
        yield here, component
        yield from _with_paths(component.get("components") or [], (*here, "components"))
        accessory = component.get("accessory")
        if isinstance(accessory, dict):
            yield (*here, "accessory"), accessory
