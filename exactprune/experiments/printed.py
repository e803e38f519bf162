"""Zhong's printed Tables 6.2-6.5 as data (transcribed from the thesis), with the databases of
Table 6.1 and the method columns."""
from __future__ import annotations

from typing import Dict, Iterator, Union

from ..datasets import GAUSSIAN

__all__ = ["METHODS", "TABLE_6_1", "UCI_DATABASES", "PRINTED", "PRINTED_6_5", "TABLE_6_5"]

METHODS = ("CCP", "2-norm", "EBP")

#: one cell of a row of Tables 6.2-6.4: a method's {"mean", "std"} (std None where the print has
#: none) or a comparison's {"diff", "p", "sign"}
_Cell = Dict[str, Union[float, str, None]]

#: Zhong Table 6.2 (accuracy %) and 6.3 (leaves) as printed: ratio, database, mean and std of CCP,
#: 2-norm and EBP, then the printed P (%) and sign of 2-norm : CCP and 2-norm : EBP ("." = blank)
_PRINTED_6_2 = """
 5 abalone      59.1    1.5   59.5    2.0   56.6    1.5  48.4   0.0 . +
 5 g2c15        83.4    1.1   84.7    0.9   82.5    1.1   0.0   0.0 + +
 5 g2c25        72.5    1.4   74.0    0.9   69.4    2.4   0.0   0.0 + +
 5 g6c15        79.7    1.3   79.2    1.4   78.8    1.7  28.1  35.6 . .
 5 g6c25        69.4    1.1   69.4    1.4   68.1    1.2  97.5   0.2 . +
 5 kr-vs-kp     93.4    1.6   93.5    1.5   93.9    1.4  80.9  43.0 . .
 5 letter       62.8    1.2   62.8    0.9   63.3    1.0  81.4  10.9 . .
 5 optdigits    70.2    1.7   71.7    1.9   72.0    2.1   1.3  58.9 + .
 5 pendigits    83.8    1.5   83.2    1.4   84.7    1.2  23.0   0.1 . -
 5 satellite    77.9    1.4   79.2    1.3   78.4    1.6   0.3   8.1 + .
 5 segment      85.5    2.6   86.2    2.4   86.8    2.4  38.8  46.2 . .
 5 shuttle      99.7    0.1   99.6    0.1   99.7    0.1   2.9   0.0 . .
 5 splice       82.6    3.7   83.1    2.9   80.5    3.4  64.1   1.5 . +
 5 waveform     69.0    1.7   70.7    1.2   70.0    1.5   0.1   8.1 + .
50 abalone      63.0    1.0   62.6    0.6   58.3    1.4  19.2   0.0 . +
50 g2c15        84.8    0.7   85.4    0.4   82.6    0.7   0.0   0.0 . +
50 g2c25        74.4    0.8   74.4    0.7   71.6    1.0  99.3   0.0 . +
50 g6c15        82.4    0.5   82.2    0.6   81.1    0.8  50.9   0.0 . +
50 g6c25        72.7    0.9   73.0    0.6   70.5    0.5  30.4   0.0 . +
50 kr-vs-kp     99.1    0.2   98.5    0.6   99.2    0.2   0.1   0.0 . .
50 letter       84.1    0.4   83.5    0.3   84.0    0.4   0.0   0.0 . .
50 optdigits    88.1    1.0   87.9    0.8   88.3    0.8  49.6  16.9 . .
50 pendigits    95.1    0.3   94.7    0.4   95.1    0.3   0.1   0.0 . .
50 satellite    85.3    0.6   85.6    0.6   85.0    0.6   7.9   0.2 . .
50 segment      94.0    1.0   94.2    0.7   94.6    0.6  60.9   4.5 . .
50 shuttle      99.9    0.0   99.9    0.0   99.9    0.0   7.8   9.2 . .
50 splice       94.3    0.4   94.1    0.4   92.9    0.7  15.1   0.0 . +
50 waveform     75.8    1.0   76.5    0.6   75.0    0.6   0.5   0.0 . +
"""
_PRINTED_6_3 = """
 5 abalone       6.9    5.2    9.5    3.2   43.2    5.8   6.3   0.0 - +
 5 g2c15         7.0    2.6    2.2    0.7   14.2    5.2   0.0   0.0 + +
 5 g2c25         6.3    3.6    2.7    1.9   28.5    7.4   0.0   0.0 + +
 5 g6c15         8.8    1.9    7.4    1.4   20.9    4.3   1.2   0.0 + +
 5 g6c25         8.5    2.5    8.6    1.9   33.2    5.3  88.8   0.0 . +
 5 kr-vs-kp      7.2    2.4    6.0    1.6    9.3    2.0   6.8   0.0 . +
 5 letter      171.9   81.9  232.2   11.0  279.4    8.6   0.2   0.0 - +
 5 optdigits    19.1    4.9   31.1    5.5   47.7    4.4   0.0   0.0 - +
 5 pendigits    39.8   13.3   36.6    3.5   55.6    4.7  30.5   0.0 . +
 5 satellite     9.0    4.0   17.5    3.3   34.6    4.0   0.0   0.0 - +
 5 segment       8.5    1.8    9.4    1.3   12.6    1.3   9.5   0.0 . +
 5 shuttle       8.6    2.4    6.3    1.7   11.7    1.5   0.2   0.0 + +
 5 splice        8.6    4.2    7.9    1.2   16.7    1.8  48.1   0.0 . +
 5 waveform      7.5    4.1   13.0    2.2   31.2    1.9   0.0   0.0 - +
50 abalone      12.2    7.3   72.1   11.2  382.8   13.8   0.0   0.0 - +
50 g2c15        10.6    7.2    2.0    0.0  114.0   15.3   0.0   0.0 + +
50 g2c25        13.0    6.4   25.0   17.7  230.2   26.6   0.7   0.0 - +
50 g6c15        16.1    3.0   22.2    6.2  145.5   13.4   0.0   0.0 - +
50 g6c25        13.0    4.2   32.2    8.6  256.0   19.6   0.0   0.0 - +
50 kr-vs-kp     27.0    3.4   21.4    4.5   27.9    2.7   0.0   0.0 + +
50 letter     1283.8   28.4 1083.0   26.7 1294.1   25.9   0.0   0.0 + +
50 optdigits    94.3   16.1  128.4    7.7  210.9   11.0   0.0   0.0 - +
50 pendigits   177.3   38.9  141.6    9.9  199.0    7.2   0.0   0.0 + +
50 satellite    44.8   17.6   96.3    7.4  221.5   10.3   0.0   0.0 - +
50 segment      28.3    9.6   29.1    2.4   43.2    3.1  70.3   0.0 . +
50 shuttle      23.3    4.5   19.6    1.8   21.2    2.6   0.1   2.7 + +
50 splice       15.7    3.2   27.4    2.5   52.5    4.2   0.0   0.0 - +
50 waveform     28.3   11.3   82.3    7.1  234.9    6.6   0.0   0.0 - +
"""
#: Zhong Table 6.4 (seconds, C++ on a 2.59 GHz Pentium 4) as printed: database, then T_1 (5%) and
#: T_2 (50%) of CCP, 2-norm and EBP; no standard deviations are printed
_PRINTED_6_4 = """
abalone     8.5E-2  1.5E+0  1.3E-4  7.6E-4  1.3E-3  3.0E-2
g2c15       2.6E-2  5.9E-1  1.1E-4  5.7E-4  7.7E-4  1.8E-2
g2c25       3.6E-2  8.1E-1  1.3E-4  8.6E-4  1.4E-3  3.9E-2
g6c15       3.3E-2  6.2E-1  1.1E-4  6.9E-4  8.5E-4  1.9E-2
g6c25       4.0E-2  7.8E-1  1.4E-4  1.0E-3  1.3E-3  3.2E-2
kr-vs-kp    3.6E-2  3.6E-1  7.3E-5  1.0E-4  8.1E-4  8.4E-3
letter      1.2E+0  1.5E+1  5.1E-4  2.8E-3  1.6E-2  2.5E-1
optdigits   5.7E-1  8.7E+0  1.2E-4  3.4E-4  1.4E-3  2.6E-2
pendigits   4.9E-1  6.8E+0  1.3E-4  3.7E-4  2.2E-3  3.8E-2
satellite   5.5E-1  9.3E+0  2.8E-4  4.2E-4  1.2E-3  2.9E-2
segment     8.2E-2  1.2E+0  6.3E-5  1.4E-4  3.6E-4  4.2E-3
shuttle     6.7E-1  2.0E+1  6.1E-5  8.9E-5  3.2E-3  1.0E-1
splice      9.8E-2  1.0E+0  7.9E-5  1.8E-4  1.3E-3  1.3E-2
waveform    2.6E-1  5.7E+0  9.3E-5  4.0E-4  9.5E-4  2.4E-2
"""

#: the 14 databases of Zhong Table 6.1: 4 Gaussian (generated here) and 10 from UCI (CSV files)
TABLE_6_1 = ("abalone", "g2c15", "g2c25", "g6c15", "g6c25", "kr-vs-kp", "letter", "optdigits",
             "pendigits", "satellite", "segment", "shuttle", "splice", "waveform")
UCI_DATABASES = tuple(d for d in TABLE_6_1 if d not in GAUSSIAN)


def _parse_printed() -> dict:
    out: dict = {"accuracy": {}, "leaves": {}, "seconds": {}}
    for what, text in (("accuracy", _PRINTED_6_2), ("leaves", _PRINTED_6_3)):
        for line in text.strip().splitlines():
            r, db, *nums, p_ccp, p_ebp, s_ccp, s_ebp = line.split()
            v = [float(x) for x in nums]
            row: Dict[str, _Cell] = {m: {"mean": v[2 * i], "std": v[2 * i + 1]} for i, m in enumerate(METHODS)}
            row["2-norm:CCP"] = {"sign": s_ccp.strip("."), "p": float(p_ccp)}
            row["2-norm:EBP"] = {"sign": s_ebp.strip("."), "p": float(p_ebp)}
            out[what].setdefault(int(r), {})[db] = row
    for line in _PRINTED_6_4.strip().splitlines():
        db, *nums = line.split()
        v = [float(x) for x in nums]
        for j, ratio in enumerate((5, 50)):
            out["seconds"].setdefault(ratio, {})[db] = {m: {"mean": v[2 * i + j], "std": None}
                                                   for i, m in enumerate(METHODS)}
    return out


#: Zhong's printed Tables 6.2-6.4: ``PRINTED[table][ratio][database][method]`` = {"mean", "std"}
#: (std None for seconds); ``[...]["2-norm:CCP"]["sign"]`` the printed +/-/""
PRINTED = _parse_printed()


#: Zhong Table 6.5 (section 6.5.2) as printed: error rate (%) then tree size (leaves), mean and
#: +- of CCP, 2-norm, EBP, then Min / Max / Med Ref of the pruning methods reported in [EMS97]
_PRINTED_6_5 = """
error  iris    6.04 3.11  6.22 3.32  5.96 3.00  5.07 0.63 11.67 2.62  5.78 0.57
error  glass  34.13 6.29 32.75 5.04 33.38 5.83 35.31 1.35 41.81 1.86 38.00 1.03
error  p.gene 22.63 4.36 23.13 5.34 24.63 7.06 21.75 1.40 25.62 2.25 23.88 1.81
error  blocks  3.24 0.33  3.27 0.37  3.33 0.34  2.98 0.10  3.75 0.16  3.22 0.11
leaves iris    4.44 1.15  3.00 0.00  4.44 0.92  3.13 0.15  5.40 0.27  3.76 0.13
leaves glass   9.76 5.91 12.32 2.37 29.92 2.74  7.04 0.80 28.72 0.58 18.52 1.09
leaves p.gene  4.24 2.02  3.68 1.17  8.52 1.62  4.36 0.47 15.28 0.85  8.44 0.58
leaves blocks 14.04 5.40 20.88 3.63 50.48 4.80  8.08 0.44 78.48 1.28 28.12 2.96
"""
#: Table 6.5's database names and the UCI files they are read from
TABLE_6_5 = {"iris": "iris", "glass": "glass", "p.gene": "promoters", "blocks": "page-blocks"}


def _parse_printed_6_5() -> dict:
    out: dict = {"error": {}, "leaves": {}}
    for line in _PRINTED_6_5.strip().splitlines():
        what, db, *nums = line.split()
        v = [float(x) for x in nums]
        out[what][db] = {m: {"mean": v[2 * i], "pm": v[2 * i + 1]}
                         for i, m in enumerate(METHODS + ("Min Ref", "Max Ref", "Med Ref"))}
    return out


#: ``PRINTED_6_5[what][database][column]`` = {"mean", "pm"}, what in ("error", "leaves")
PRINTED_6_5 = _parse_printed_6_5()


def _printed_cells(tables: dict, what: str) -> Iterator[tuple]:
    """The cells of our table ``what`` that the thesis prints, in table order:
    ``(ratio, database, method, our row, printed row)``."""
    for ratio, rows in sorted(tables[what].items()):
        for db, row in rows.items():
            printed = PRINTED[what].get(ratio, {}).get(db)
            if printed is not None:
                for m in METHODS:
                    yield ratio, db, m, row, printed
