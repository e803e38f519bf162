"""Helpers shared by the tests of CSV data files (tests/datasets/, tests/commands/,
tests/experiments/): small files written by hand."""
from __future__ import annotations

import gzip

import numpy as np


ROWS = [("colour", "width", "size", "label"),
        ("red", "1.5", "3", "yes"),
        ("blue", "0.5", "1", "no"),
        ("green", "2", "3", "yes"),
        ("red", "0.25", "2", "no"),
        ("blue", "3", "1", "yes")]


def write(tmp_path, rows, name="toy.csv", gz=False):
    text = "\n".join(",".join(r) for r in rows) + "\n"
    path = tmp_path / name
    path.write_bytes(gzip.compress(text.encode()) if gz else text.encode())
    return str(path)


def write_text(tmp_path, text, name="t.csv", encoding="utf-8"):
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    return str(path)


def locale_twins(tmp_path, n=200):
    """The same data written twice under one file name: ``dot/data.csv`` with a header row, '.'
    decimals and ',' separators; ``comma/data.csv`` without a header, ',' decimals, '.' between
    thousands and ';' separators.  Returns the two paths and the rows' exact values as written
    (two attributes, then the class), read with Fraction from the dot text."""
    from fractions import Fraction
    rng = np.random.default_rng(8)
    rows = []
    for _ in range(n):
        x, z = rng.normal(0, 2000), rng.normal(0, 3)
        rows.append((f"{x:.3f}", f"{z:.4f}", str(int(x / 1000 + z + rng.normal(0, 1) > 0))))

    def comma(text):                    # 12345.678 -> 12.345,678 (the grouping written out by hand)
        sign, digits = ("-", text[1:]) if text.startswith("-") else ("", text)
        whole, frac = digits.split(".")
        groups = []
        while len(whole) > 3:
            whole, groups = whole[:-3], [whole[-3:]] + groups
        return sign + ".".join([whole] + groups) + "," + frac

    (tmp_path / "dot").mkdir()
    (tmp_path / "comma").mkdir()
    dot, com = tmp_path / "dot" / "data.csv", tmp_path / "comma" / "data.csv"
    dot.write_text("x,z,class\n" + "".join(",".join(r) + "\n" for r in rows))
    com.write_text("".join(f"{comma(x)};{comma(z)};{c}\n" for x, z, c in rows))
    assert any("." in comma(x) for x, _, _ in rows)            # thousands marks are in the file
    values = [(Fraction(x), Fraction(z), int(c)) for x, z, c in rows]
    return str(dot), str(com), values
