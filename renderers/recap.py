"""The match recap: one row per deal (what each side or seat scored, the running total, what
decided it), the final totals and the winner, from a game's `RecapPicture`.

A long match shows its last `MAX_ROWS` deals and says how many came before: the totals row
holds the whole match, so nothing a player needs is lost.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

from engine.pictures import RecapPicture
from engine.words import say, say_count
from renderers.assets import font
from renderers.draw import to_png
from renderers.text import draw_text, fit_name, text_width, wrap_words
from renderers.theme import DEFAULT_THEME, Theme

Box = tuple[int, int, int, int]

MAX_ROWS = 10
LINE = 31
ROW_H = 2 * LINE + 10  # the deal's figures and the running totals (if any); then what decided it
HEAD_H = 2 * LINE + 16
GAP = 12


@dataclass(frozen=True, slots=True)
class RecapLayout:
    title: Box
    heads: Box
    rows: tuple[Box, ...]
    earlier: Box | None
    totals: Box
    winner: Box
    height: int


def name_lines(name: str, face: ImageFont.FreeTypeFont, width: float, lines: int = 2) -> list[str]:
    """A player's name on up to `lines` lines, broken between its words ("Computer" / "2"),
    what still does not fit shortened with an ellipsis (a name may be)."""
    out: list[str] = []
    words = name.split(" ")
    while words and len(out) < lines - 1:
        line = words.pop(0)
        while words and text_width(line + " " + words[0], face) <= width:
            line += " " + words.pop(0)
        out.append(line)
    if words:
        out.append(" ".join(words))
    return [fit_name(line, face, width) for line in out]


def head_lines(head: str, face: ImageFont.FreeTypeFont, width: float) -> list[str]:
    """A column's head on two lines: a side's players one a line ("Asha &" / "Dev"), or one
    player's name broken between its words."""
    parts = head.split(" & ")
    if len(parts) > 1:
        return [fit_name(line, face, width)
                for line in [part + " &" for part in parts[:-1]] + parts[-1:]][:2]  # fmt: skip
    return name_lines(head, face, width)


def labels_apart(picture: RecapPicture, theme: Theme) -> bool:
    """Whether the deals' labels ("Hand 10") get a column of their own: where the columns
    left beside it still hold each head's longest word. Else (five or six seats) each label
    starts its deal's note line, and the columns take the whole width."""
    small = font(theme.small_size)
    words = [word for head in picture.heads for word in head.replace(" & ", " ").split(" ")]
    need = max((text_width(word, small) for word in words if word), default=0) + 8
    room = theme.width - 2 * theme.margin - label_width(picture, theme)
    return room // max(len(picture.heads), 1) >= min(need, 150)


@dataclass(frozen=True, slots=True)
class RowNote:
    """What decided a deal, on up to two lines (three after a `label`: the deal's own, when
    labels are not apart, begins the first line, in bold)."""

    label: str
    lines: tuple[str, ...]

    @property
    def height(self) -> int:
        return LINE * max(len(self.lines), 1 if self.label else 0)


def note_lines(picture: RecapPicture, theme: Theme, apart: bool = True) -> list[RowNote]:
    """Each shown row's note, wrapped between words onto up to two lines (after the deal's
    label where labels are not apart)."""
    small = font(theme.small_size)
    bold = font(theme.label_size, bold=True)
    width = theme.width - 2 * theme.margin - 12
    notes = []
    for row in picture.rows[-MAX_ROWS:]:
        if apart:
            notes.append(
                RowNote("", tuple(wrap_words(row.note, small, width, 2) if row.note else ()))
            )
            continue
        words = row.note.split(" ") if row.note else []
        first = ""
        room = width - text_width(row.label, bold) - 12
        while words and text_width((first + " " + words[0]).strip(), small) <= room:
            first = (first + " " + words.pop(0)).strip()
        rest = wrap_words(" ".join(words), small, width, 2) if words else []
        notes.append(RowNote(row.label, (first, *rest)))
    return notes


def recap_layout(
    picture: RecapPicture, title_lines: int, notes: list[RowNote], theme: Theme
) -> RecapLayout:
    m = theme.margin
    width = theme.width
    title = (0, 0, width, 16 + 40 * title_lines)
    heads = (m, title[3] + GAP, width - m, title[3] + GAP + HEAD_H)
    top = heads[3]
    earlier = None
    if len(picture.rows) > MAX_ROWS:
        earlier = (m, top, width - m, top + LINE + 8)
        top = earlier[3]
    rows = []
    for row, note in zip(picture.rows[-MAX_ROWS:], notes, strict=True):
        height = ROW_H - (0 if any(row.totals) else LINE) + note.height
        rows.append((m, top, width - m, top + height))
        top += height
    apart = not any(note.label for note in notes)
    totals_h = LINE + 16 if apart else 2 * LINE + 16
    totals = (m, top + GAP // 2, width - m, top + GAP // 2 + totals_h)
    winner = (m, totals[3] + GAP, width - m, totals[3] + GAP + 2 * 36 + 8)
    return RecapLayout(title, heads, tuple(rows), earlier, totals, winner, winner[3] + GAP)


def label_width(picture: RecapPicture, theme: Theme) -> int:
    """The first column: the widest deal label ("Hand 12") or "Total"."""
    bold = font(theme.label_size, bold=True)
    labels = [row.label for row in picture.rows[-MAX_ROWS:]] + [say("Total")]
    return int(max(text_width(label, bold) for label in labels)) + 20


def column_boxes(box: Box, count: int, label_w: int) -> list[Box]:
    left = box[0] + label_w
    width = (box[2] - left) // max(count, 1)
    return [(left + i * width, box[1], left + (i + 1) * width, box[3]) for i in range(count)]


def render_recap(picture: RecapPicture, theme: Theme = DEFAULT_THEME) -> Image.Image:
    title_font = font(theme.title_size, bold=True)
    bold = font(theme.label_size, bold=True)
    small = font(theme.small_size)
    title_lines = wrap_words(picture.title, title_font, theme.width - 2 * theme.margin, 2)
    apart = labels_apart(picture, theme)
    notes = note_lines(picture, theme, apart)
    layout = recap_layout(picture, len(title_lines), notes, theme)
    image = Image.new("RGB", (theme.width, layout.height), theme.felt)
    draw = ImageDraw.Draw(image)
    draw.rectangle(layout.title, fill=theme.panel)
    for number, line in enumerate(title_lines):
        draw_text(draw, (theme.margin, 12 + number * 40), line, font=title_font, fill=theme.text,
                  area=layout.title)  # fmt: skip
    count = len(picture.heads)
    label_w = label_width(picture, theme) if apart else 0
    # the sides or seats: a name a column, on two lines where it is long
    draw.rounded_rectangle(layout.heads, 10, fill=theme.panel)
    for index, (head, box) in enumerate(
        zip(picture.heads, column_boxes(layout.heads, count, label_w), strict=True)
    ):
        colour = theme.sides[index % len(theme.sides)]
        draw.rectangle((box[0] + 2, box[3] - 8, box[2] - 4, box[3] - 4), fill=colour)
        for number, line in enumerate(head_lines(head, small, box[2] - box[0] - 8)):
            draw_text(draw, (box[0] + 4, box[1] + 6 + number * LINE), line, font=small,
                      fill=theme.text, area=box)  # fmt: skip
    if layout.earlier is not None:
        hidden = len(picture.rows) - MAX_ROWS
        words = say_count("… {count} earlier deal", "… {count} earlier deals", hidden)
        draw_text(draw, (layout.earlier[0] + 6, layout.earlier[1] + 6), words, font=small,
                  fill=theme.muted, area=layout.earlier)  # fmt: skip
    drawn = zip(picture.rows[-MAX_ROWS:], layout.rows, notes, strict=True)
    for number, (row, box, note) in enumerate(drawn):
        if number % 2 == 0:
            draw.rectangle(box, fill=theme.panel)
        # the deal's figures; where labels are not apart, under its label and note
        figures_top = box[1] + 6 + (0 if apart else note.height)
        figure_lines = 2 if any(row.totals) else 1  # the running totals, where there are any
        notes_top = box[1] + 6 + (figure_lines * LINE if apart else 0)
        if apart:
            draw_text(draw, (box[0] + 6, figures_top), row.label, font=bold, fill=theme.text,
                      area=box)  # fmt: skip
        for cell, total, column in zip(
            row.cells, row.totals, column_boxes(box, count, label_w), strict=True
        ):
            draw_text(draw, (column[0] + 4, figures_top), cell, font=bold, fill=theme.text,
                      area=column)  # fmt: skip
            draw_text(draw, (column[0] + 4, figures_top + LINE), total, font=small,
                      fill=theme.muted, area=column)  # fmt: skip
        left = box[0] + 6
        if note.label:
            draw_text(draw, (left, notes_top - 2), note.label, font=bold, fill=theme.text,
                      area=box)  # fmt: skip
        for line_number, line in enumerate(note.lines):
            indent = text_width(note.label, bold) + 12 if note.label and not line_number else 0
            if line:
                draw_text(draw, (left + indent, notes_top + line_number * LINE), line,
                          font=small, fill=theme.muted, area=box)  # fmt: skip
    totals = layout.totals
    draw.rounded_rectangle(totals, 10, outline=theme.highlight, width=3)
    draw_text(draw, (totals[0] + 8, totals[1] + 8), say("Total"), font=bold, fill=theme.text,
              area=totals)  # fmt: skip
    figures = totals if apart else (totals[0], totals[1] + LINE, totals[2], totals[3])
    for total, column in zip(picture.totals, column_boxes(figures, count, label_w), strict=True):
        draw_text(draw, (column[0] + 4, column[1] + 8), total, font=bold, fill=theme.highlight,
                  area=totals)  # fmt: skip
    winner = layout.winner
    for number, line in enumerate(wrap_words(picture.winner, title_font, winner[2] - winner[0], 2)):
        draw_text(draw, (winner[0], winner[1] + number * 36), line, font=title_font,
                  fill=theme.highlight, area=winner)  # fmt: skip
    return image


def render_recap_png(picture: RecapPicture, theme: Theme = DEFAULT_THEME) -> bytes:
    return to_png(render_recap(picture, theme), theme)
