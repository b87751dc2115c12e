"""Colour measures for the image tests: WCAG's contrast ratio and the CIE76 colour
difference."""

from __future__ import annotations

RGB = tuple[int, int, int]


def _linear(channel: int) -> float:
    value = channel / 255
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def luminance(colour: RGB) -> float:
    """WCAG 2's relative luminance."""
    red, green, blue = (_linear(c) for c in colour)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(first: RGB, second: RGB) -> float:
    """WCAG 2's contrast ratio, from 1:1 to 21:1."""
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _lab(colour: RGB) -> tuple[float, float, float]:
    red, green, blue = (_linear(c) for c in colour)
    x = (0.4124 * red + 0.3576 * green + 0.1805 * blue) / 0.95047
    y = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    z = (0.0193 * red + 0.1192 * green + 0.9505 * blue) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(first: RGB, second: RGB) -> float:
    """How far apart two colours look (CIE76: about 2 is just noticeable, 25 clearly apart)."""
    return sum((a - b) ** 2 for a, b in zip(_lab(first), _lab(second), strict=True)) ** 0.5
