"""A review's chart has a scale a reader can use: both ends' figures always, an end at zero
too (a deal whose figures all lie above or below zero), and zero between them only where it
does not run into an end's figure."""

from __future__ import annotations

from renderers.review import ChartModel, ChartPoint, render_chart
from renderers.text import recording_text
from tests.renderers.test_text_boxes import faults


def chart(values: list[float]) -> ChartModel:
    top, bottom = max(0.0, *values), min(0.0, *values)
    return ChartModel(
        title="Your figures over deal 1", played_label="your choice", best_label="the best choice",
        axis="move", points=tuple(ChartPoint(2 * i + 1, v, v + 0.1, False)
                                  for i, v in enumerate(values)),
        labels=(f"{top:.2f}", "0.00", f"{bottom:.2f}"), top=top, bottom=bottom,
    )  # fmt: skip


def figures(values: list[float]) -> list[str]:
    with recording_text() as recording:
        image = render_chart(chart(values))
    assert not faults(recording, image.size), faults(recording, image.size)
    return [box.text for box in recording.boxes if box.text[-1].isdigit() and "." in box.text]


def test_an_end_at_zero_keeps_its_figure() -> None:
    assert figures([1.36, 0.52, 1.9, 2.02]) == ["2.02", "0.00"]  # all above zero
    assert figures([-12.0, -170.0, -40.0, -5.0]) == ["0.00", "-170.00"]  # all below


def test_zero_between_the_ends_is_shown_only_clear_of_them() -> None:
    assert figures([11.5, -90.0, -20.0]) == ["11.50", "0.00", "-90.00"]
    assert figures([0.5, -90.0, -20.0]) == ["0.50", "-90.00"]  # zero would touch the top's
