"""Seeded CSV inputs for ``exactprune grow`` with what each file means, written without the
loader (issue 36): the families locale numbers, missing-value spellings, float32 collisions,
headerless files, huge exponents and label spellings, each a file, its options and either the
refusal it must meet or its meaning (rows, classes, column types, values).  :func:`check` runs
the command line once and compares: an accepted file must give a tree whose root counts are the
file's class counts and whose every printed split, replayed over the raw rows, gives the printed
counts.  Used by tests/test_cli_fuzz.py (a slice) and scripts/fuzz_csv.py (the 10,000-input run).

The oracle reads numbers with ``fractions.Fraction`` on the text the generator wrote (it knows
which marks it used) and compares labels by the values it generated; it shares no code with
``exactprune.datasets``.
"""
from __future__ import annotations

import contextlib
import io
import json
import os
import random
import signal
import time
from decimal import Decimal
from fractions import Fraction
from typing import Optional

#: the documented missing-value spellings (docs/csv.md), written out here, not imported
MISSING = ["", "?", "missing", "NA", "N/A", "NaN", "-NaN", "+NaN", "NULL", "None", "<NA>", "#N/A", "#N/A N/A",
           "#NA", "-1.#IND", "-1.#QNAN", "1.#IND", "1.#QNAN"]
FAMILIES = ("locale", "missing", "float32", "headerless", "exponent", "labels")
#: values float32 merges or rounds across a midpoint, and two decimals with one float64
COLLIDING = ["16777216", "16777217", "20000002", "20000003", "0", "1e-50", "1e-45", "3.4e38", "0.1",
             "0.30000000000000004", "0.3", "-0.0", "7", "-2.5"]
#: CPU seconds after which a run counts as a hang
HANG_SECONDS = 20


def _plain_rows(rng: random.Random, n: int, labels: list) -> list:
    """``n`` rows (x, colour, class), the first two of different classes when ``n`` >= 2."""
    rows = [[f"{rng.uniform(-50, 50):.{rng.randint(0, 4)}f}", rng.choice(["red", "blue", "green"]),
             rng.choice(labels)] for _ in range(n)]
    for row, label in zip(rows, labels[:2] if n >= 2 else []):
        row[2] = label
    return rows


def generate(rng: random.Random, family: str) -> dict:
    """One case: ``text`` (the file), ``options`` (argv after the path), and either ``refuse``
    (substrings the one-line refusal must contain) or ``meaning`` (``header``, ``rows`` of raw
    cells, ``types`` per attribute column, ``numbers``: per numeric column the exact value of each
    row's cell, ``class_key``: per row the class's identity)."""
    n = rng.randint(4, 25)
    header = ["x", "colour", "class"]
    rows = _plain_rows(rng, n, ["a", "b", "c"])
    sep, options = ",", []
    marks = {"decimal": ".", "thousands": None}
    refuse: Optional[list] = None
    numeric_labels = False
    if family == "locale":
        style = rng.choice(["comma", "thousands", "both", "minus", "unit"])
        sep = ";"
        declared = rng.random() < 0.5
        written = []
        for row in rows:
            value = Decimal(rng.randint(-2_000_000, 2_000_000)).scaleb(-rng.randint(0, 3))
            digits = format(abs(value), "f")
            whole, _, frac = (digits.rstrip("0").rstrip(".") if "." in digits else digits).partition(".")
            sign = "-" if value < 0 else ""
            if style in ("thousands", "both"):
                whole = f"{int(whole):,}".replace(",", "," if style == "thousands" else ".")
                frac = "" if style == "thousands" else frac
            text = sign + whole + ((("," if style in ("comma", "both") else ".") + frac) if frac else "")
            row[0] = text
            written.append(text)
        if style == "comma":
            options = ["--decimal", ","] if declared else []
            marks["decimal"] = "," if declared else "."
            if not declared and any("," in t for t in written):
                refuse = ["column 'x'", "--categorical x"]
        elif style == "thousands":
            options = ["--thousands", ","] if declared else []
            marks["thousands"] = "," if declared else None
            if not declared and any("," in t for t in written):
                refuse = ["column 'x'", "--thousands ','"]
        elif style == "both":
            options = ["--decimal", ",", "--thousands", "."] if declared else []
            marks.update(decimal=",", thousands=".") if declared else None
            if not declared and any(("," in t or "." in t) for t in written):
                refuse = ["column 'x'"]
        else:
            i = rng.randrange(n)
            rows[i][0] = ("\u2212" + rows[i][0].lstrip("-")) if style == "minus" else rows[i][0] + rng.choice(
                ["%", " kg", "$"])
            if rows[i][0].endswith("$"):
                rows[i][0] = "$" + rows[i][0][:-1]
            refuse = [f"row {i + 2}, column 'x'"]
    elif family == "missing":
        kind = rng.random()
        i = rng.randrange(n)
        if kind < 0.8:
            j = rng.randrange(3)
            token = rng.choice(MISSING)
            token = token.lower() if rng.random() < 0.3 else token
            rows[i][j] = (" " if rng.random() < 0.2 else "") + token
            refuse = [f"row {i + 2}, column '{header[j]}': missing value"]
        elif kind < 0.9:
            rows[i] = ["", "", ""]
            refuse = [f"row {i + 2}, column 'x': missing value"]
        else:
            rows.insert(i, None)                 # a blank line: no row, the file's meaning unchanged
    elif family == "float32":
        for row in rows:
            row[0] = rng.choice(COLLIDING)
        values = {Fraction(row[0]) for row in rows}
        floats = {}
        for value in values:
            floats.setdefault(float(value), set()).add(value)
        if any(len(v) > 1 for v in floats.values()):
            refuse = ["one float64 value"]
        if any(abs(float(row[0])) > 3.4028234663852886e38 for row in rows):
            refuse = ["beyond +-3.4e38"]
    elif family == "headerless":
        header_row = _plain_rows(rng, 1, ["a", "b"])[0]
        rows.insert(0, header_row)
        if rng.random() < 0.5:
            options = ["--no-header"]
            header = ["col1", "col2", "col3"]
        else:
            refuse = ["row 1, column 1: the header cell", "no header row? Give --no-header"]
            header = header_row
    elif family == "exponent":
        i = rng.randrange(n)
        exponent = rng.choice([401, 999, 10 ** 6, 10 ** 7, 999_999_999, -401, -10 ** 8])
        where = rng.choice(["x", "class", "colour-declared"])
        cell = f"{rng.choice(['', '-'])}{rng.randint(1, 9)}e{exponent}"
        if where == "x":
            rows[i][0] = cell
            refuse = [f"row {i + 2}, column 'x'"]
        elif where == "class":
            for row in rows:
                row[2] = rng.choice(["1", "2", "3"])
            rows[i][2] = cell
            refuse = [f"row {i + 2}, column 'class'", "CLI_MAX_CELL_EXPONENT"]
        else:
            for row in rows:
                row[1] = rng.choice(["1", "2", "3"])
            rows[i][1] = cell
            options = ["--categorical", "colour"]
            refuse = [f"row {i + 2}, column 'colour'", "CLI_MAX_CELL_EXPONENT"]
    elif family == "labels":
        pool = rng.choice([["1", "1.0", "01", "2", "2.00", "+2", "10", "1e1"], ["1", "1.0", "yes", "no"],
                           ["1", "2", "yes"], ["0.5", ".5", "5e-1", "1"]])
        for row in rows:
            row[2] = rng.choice(pool)
        used = {row[2] for row in rows}
        numeric = {s for s in used if _is_decimal(s)}
        numeric_labels = numeric == used
        by_value: dict = {}
        for s in numeric:
            by_value.setdefault(Fraction(s), set()).add(s)
        if not numeric_labels and any(len(v) > 1 for v in by_value.values()):
            refuse = ["one number spelled twice beside text labels"]
    if refuse is None and len({_class_key(r[2], numeric_labels) for r in rows if r is not None}) < 2:
        refuse = ["a single class"]
    lines = [sep.join(header)] if family != "headerless" else []
    for row in rows:
        lines.append("" if row is None else sep.join(_quoted(c, sep) for c in row))
    text = "\n".join(lines) + "\n"
    case = {"family": family, "text": text, "options": options}
    if refuse is not None:
        case["refuse"] = refuse
        return case
    present = [row for row in rows if row is not None]
    header_names = header
    case["meaning"] = {
        "header": header_names, "rows": present, "types": {header_names[0]: "num", header_names[1]: "cat"},
        "numbers": {header_names[0]: [_exact(row[0], marks) for row in present]},
        "class_key": [_class_key(row[2], numeric_labels) for row in present],
        "numeric_labels": numeric_labels}
    return case


def _is_decimal(text: str) -> bool:
    try:
        Fraction(text)
    except ValueError:
        return False
    return "/" not in text and "_" not in text and text.strip() == text


def _class_key(label: str, numeric: bool):
    return Fraction(label) if numeric else label


def _exact(text: str, marks: dict) -> Fraction:
    if marks["thousands"]:
        text = text.replace(marks["thousands"], "")
    return Fraction(text.replace(marks["decimal"], "."))


def _quoted(cell: str, sep: str) -> str:
    return f'"{cell}"' if sep in cell else cell


class _Hang(BaseException):
    pass


def run_grow(path: str, options: list) -> tuple:
    """(status, stdout, stderr, cpu seconds, hung) of ``exactprune grow PATH OPTIONS`` in-process."""
    from exactprune.cli import main
    out, err = io.StringIO(), io.StringIO()

    def alarm(*_):
        raise _Hang()
    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(HANG_SECONDS * 3)
    start = time.process_time()
    hung = False
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(["grow", path, *options])
    except _Hang:
        status, hung = None, True
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    seconds = time.process_time() - start
    return status, out.getvalue(), err.getvalue(), seconds, hung or seconds > HANG_SECONDS


def _replay(node: dict, rows: list, keys: list, meaning: dict, class_names: list, problems: list) -> None:
    numeric = meaning["numeric_labels"]
    expected = [sum(1 for i in rows if keys[i] == _class_key(c, numeric)) for c in class_names]
    if node["counts"] != expected:
        problems.append(f"node {node.get('name')}: printed {node['counts']}, the rows give {expected}")
        return
    if "children" not in node:
        return
    column, op, value = node["split"].rsplit(" ", 2)
    header = meaning["header"]
    if column not in header:
        problems.append(f"split {node['split']!r} names no column")
        return
    j = header.index(column)
    kind = meaning["types"].get(column)
    if op == "<=" and kind == "num":
        cells = meaning["numbers"][column]
        left = [i for i in rows if float(cells[i]) <= float(value)]
    elif op == "!=" and kind == "cat":
        left = [i for i in rows if meaning["rows"][i][j] != value]
    else:
        problems.append(f"split {node['split']!r} does not fit the column's type {kind}")
        return
    right = [i for i in rows if i not in set(left)]
    _replay(node["children"][0], left, keys, meaning, class_names, problems)
    _replay(node["children"][1], right, keys, meaning, class_names, problems)


def check(case: dict, folder: str) -> tuple:
    """Run ``grow`` on one case; return (outcome, detail): outcome ``as meant`` (the file's
    meaning reproduced, or refused as it must be), ``silent change`` (accepted where it must be
    refused, or a tree that differs from the file's meaning), ``wrong refusal`` (refused where the
    file is good, or refused without the words it must say), ``internal error`` or ``hang``."""
    path = os.path.join(folder, "data.csv")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(case["text"])
    status, out, err, seconds, hung = run_grow(path, case["options"])
    if hung:
        return "hang", f"{seconds:.1f} s"
    if status not in (0, 2) or "Traceback" in err:
        return "internal error", err.strip()[-300:]
    if "refuse" in case:
        if status == 0:
            return "silent change", f"accepted; must be refused with {case['refuse']}"
        if err.count("\n") != 1 or not all(words in err for words in case["refuse"]):
            return "wrong refusal", f"{err.strip()[:300]} (expected {case['refuse']})"
        return "as meant", ""
    if status != 0:
        return "wrong refusal", err.strip()[:300]
    tree = json.loads(out)
    meaning = case["meaning"]
    problems: list = []
    numeric = meaning["numeric_labels"]
    names = tree.get("class_names") or []
    if len({_class_key(c, numeric) for c in names}) != len(names) or \
            {_class_key(c, numeric) for c in names} != set(meaning["class_key"]):
        problems.append(f"classes {names} are not the file's {sorted(map(str, set(meaning['class_key'])))}")
    else:
        _replay(tree, list(range(len(meaning["rows"]))), meaning["class_key"], meaning, names, problems)
    return ("silent change", "; ".join(problems)) if problems else ("as meant", "")


def campaign(n_inputs: int, seed: int, folder: str, report=None) -> dict:
    """``n_inputs`` cases, the families in turn, from ``random.Random(seed)``; the counts of each
    outcome per family, and the first examples of every outcome other than ``as meant``."""
    rng = random.Random(seed)
    counts: dict = {}
    examples: dict = {}
    for k in range(n_inputs):
        family = FAMILIES[k % len(FAMILIES)]
        case = generate(rng, family)
        outcome, detail = check(case, folder)
        counts.setdefault(family, {}).setdefault(outcome, 0)
        counts[family][outcome] += 1
        if outcome != "as meant" and len(examples.setdefault(outcome, [])) < 20:
            examples[outcome].append({"family": family, "options": case["options"], "text": case["text"][:300],
                                      "detail": detail})
        if report and (k + 1) % 500 == 0:
            report(k + 1, counts)
    return {"counts": counts, "examples": examples}
