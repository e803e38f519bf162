"""Write the peer fixtures in tests/fixtures/peers/ from the real programs (run by hand, not in CI).

Needs Weka 3.6 (Debian's ``weka``: /usr/share/java/weka.jar), R with rpart (``r-base-core``,
``r-cran-rpart``) and scikit-learn.  Usage, from the repository root::

    nice -n 10 python benchmarks/peers/generate.py [--out tests/fixtures/peers] [--candidates 120]

Data: only data scikit-learn bundles (iris, wine, breast_cancer, digits; named in the fixture
and reloaded by the tests) and data generated here with fixed seeds (stored in the fixture).
Three kinds of fixture (README.md beside this file describes the fields):

* ``j48_*.json`` (bundled data, letter-like data, small random numeric and nominal data): J48 -U (the grown, collapsed tree that J48's ``prune`` starts from), J48 -S
  (pruned without subtree raising) and J48 (default: raising), each parsed from J48's printed
  tree; leaf counts are those of the data routed down the printed tests and are checked against
  J48's printed (cases/errors) and labels before anything is written.
* ``rpart_*.json``: rpart(cp = 0) grown with the gini or the information split: the count
  tree from its ``frame`` (node numbers, class counts) and its ``cptable``.
* ``sklearn_*.json``: a DecisionTreeClassifier's count tree and its
  ``cost_complexity_pruning_path`` (alphas and impurities as floats' exact hex strings).
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

WEKA_JAR = "/usr/share/java/weka.jar"
#: letter-like data sets (seed, J48's M) on which J48's raising counts a raised leaf against its
#: new majority and the old label would give another tree (found by trying seeds 0..29, M = 2, 1)
LETTER_LIKE = ((14, 2), (29, 1))
BUNDLED = {"iris": "load_iris", "wine": "load_wine", "breast_cancer": "load_breast_cancer", "digits": "load_digits"}


# -- data --------------------------------------------------------------------------------------
def bundled(name: str):
    import sklearn.datasets
    X, y = getattr(sklearn.datasets, BUNDLED[name])(return_X_y=True)
    return np.asarray(X, dtype=float), np.asarray(y)


def random_nominal(seed: int):
    """A small random data set of nominal attributes (values 0..2) and 3 classes, the class a
    noisy function of the first two attributes: multi-way splits, equal branch sizes."""
    rng = np.random.default_rng(seed)
    n, d = int(rng.integers(20, 61)), int(rng.integers(2, 5))
    X = rng.integers(0, 3, size=(n, d))
    y = np.where(rng.random(n) < 0.7, (X[:, 0] + X[:, 1]) % 3, rng.integers(0, 3, size=n))
    return X.astype(float), y


def random_numeric(seed: int):
    """Two-class Gaussian data rounded to 2 decimals (so J48's printed thresholds are exact)."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(40, 201))
    y = rng.integers(0, 2, size=n)
    X = np.round(rng.normal(size=(n, 2)) + y[:, None] * 0.8, 2)
    return X, y


def letter_like(seed: int, n: int = 500):
    """Data shaped like UCI letter: 26 classes, 16 integer attributes in 0..15 (each class a
    random mean, Gaussian noise of standard deviation 2.5, rounded and clipped)."""
    rng = np.random.default_rng(seed)
    means = rng.uniform(2, 13, size=(26, 16))
    y = rng.integers(0, 26, size=n)
    X = np.clip(np.round(means[y] + rng.normal(scale=2.5, size=(n, 16))), 0, 15)
    return X, y


# -- J48 ---------------------------------------------------------------------------------------
def write_arff(path: str, X, y, nominal: bool, n_classes: int) -> None:
    with open(path, "w") as f:
        f.write("@relation peers\n")
        for j in range(X.shape[1]):
            kind = "{" + ",".join(f"v{k}" for k in range(3)) + "}" if nominal else "numeric"
            f.write(f"@attribute f{j} {kind}\n")
        f.write("@attribute class {" + ",".join(f"c{k}" for k in range(n_classes)) + "}\n@data\n")
        for row, label in zip(X, y):
            cells = [f"v{int(v)}" if nominal else repr(float(v)) for v in row]
            f.write(",".join(cells + [f"c{int(label)}"]) + "\n")


def run_j48(arff: str, options: list) -> str:
    out = subprocess.run(["java", "-cp", WEKA_JAR, "weka.classifiers.trees.J48", "-t", arff, "-no-cv", *options],
                         capture_output=True, text=True, check=True).stdout
    start = out.index("------------------\n") + len("------------------\n")
    return out[start:out.index("Number of Leaves")].strip("\n")


_LINE = re.compile(r"^(?P<bars>(\|   )*)f(?P<f>\d+) (?P<op><=|>|=) (?P<v>\S+?)(: c(?P<c>\d+) \((?P<n>[\d.]+)(/(?P<e>[\d.]+))?\))?$")
_ROOT_LEAF = re.compile(r"^: c(?P<c>\d+) \((?P<n>[\d.]+)(/(?P<e>[\d.]+))?\)$")


def parse_j48(text: str, X, y, n_classes: int, nominal: bool) -> dict:
    """J48's printed tree as the JSON form of a count tree (feature/threshold tests; nominal
    tests carry no threshold), the counts from the data routed down it, each leaf checked
    against J48's (cases/errors) and label."""
    lines = [l for l in text.split("\n") if l.strip()]
    if len(lines) == 1 and _ROOT_LEAF.match(lines[0]):
        m = _ROOT_LEAF.match(lines[0])
        return leaf(np.arange(len(y)), y, n_classes, m)
    parsed = []
    for line in lines:
        m = _LINE.match(line)
        if not m:
            raise ValueError(f"cannot parse J48 line {line!r}")
        parsed.append((len(m.group("bars")) // 4, m))
    pos = [0]

    def node(depth: int, rows):
        out = {"children": []}
        while pos[0] < len(parsed) and parsed[pos[0]][0] == depth:
            _, m = parsed[pos[0]]
            pos[0] += 1
            f = int(m.group("f"))
            out["feature"] = f
            x = X[rows, f]
            if m.group("op") == "=":
                part = rows[x == int(m.group("v")[1:])]
            else:
                values = np.unique(X[:, f])
                t = float(values[np.argmin(np.abs(values - float(m.group("v"))))])   # a data value
                assert abs(t - float(m.group("v"))) <= 1e-6 * max(1.0, abs(t)), (t, m.group("v"))
                out["threshold"] = t
                part = rows[x <= t] if m.group("op") == "<=" else rows[x > t]
            out["children"].append(leaf(part, y, n_classes, m) if m.group("c") is not None else node(depth + 1, part))
        out["counts"] = [int(v) for v in np.bincount(y[rows], minlength=n_classes)]
        assert sum(out["counts"]) == len(rows) and len(out["children"]) >= 2
        return out
    tree = node(0, np.arange(len(y)))
    assert pos[0] == len(parsed)
    return tree


def leaf(rows, y, n_classes: int, m) -> dict:
    counts = np.bincount(y[rows], minlength=n_classes)
    n, e = float(m.group("n")), float(m.group("e") or 0)
    assert len(rows) == n and n - counts.max() == e, (len(rows), n, counts.tolist(), e)
    if n:
        assert counts[int(m.group("c"))] == counts.max()
    return {"counts": [int(v) for v in counts]}


def j48_fixture(name: str, X, y, nominal: bool, M: int, source: dict, tmp: str) -> dict:
    J = int(y.max()) + 1
    arff = os.path.join(tmp, "data.arff")
    write_arff(arff, X, y, nominal, J)
    trees = {}
    for key, options in (("grown", ["-U"]), ("pruned_no_raising", ["-S"]), ("pruned_raising", [])):
        trees[key] = parse_j48(run_j48(arff, [*options, "-M", str(M)]), X, y, J, nominal)
    return {"program": weka_version(), "options": {"M": M, "C": "0.25", "grown": "-U", "pruned_no_raising": "-S",
            "pruned_raising": "(default)"}, "name": name, "nominal": nominal, "data": source, **trees}


def weka_version() -> str:
    out = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "weka"], capture_output=True, text=True).stdout
    return f"Weka J48 (Debian weka {out})"


# -- rpart -------------------------------------------------------------------------------------
_R = r"""
suppressMessages(library(rpart))
d <- read.csv(file.path(Sys.getenv("PEERS_DIR"), "data.csv"))
d$y <- factor(d$y)
fit <- rpart(y ~ ., data = d, method = "class", parms = list(split = Sys.getenv("PEERS_SPLIT")),
             control = rpart.control(cp = 0, minsplit = 2, minbucket = 1, xval = 0, maxcompete = 0,
                                     maxsurrogate = 0, maxdepth = 30))
J <- nlevels(d$y)
fr <- data.frame(node = as.integer(rownames(fit$frame)), leaf = fit$frame$var == "<leaf>",
                 complexity = fit$frame$complexity, fit$frame$yval2[, 2:(J + 1)])
write.csv(fr, file.path(Sys.getenv("PEERS_DIR"), "frame.csv"), row.names = FALSE)
write.csv(fit$cptable, file.path(Sys.getenv("PEERS_DIR"), "cptable.csv"), row.names = FALSE)
cat(R.version.string, "; rpart ", as.character(packageVersion("rpart")), sep = "")
"""


def rpart_fixture(name: str, X, y, split: str, source: dict, tmp: str) -> dict:
    with open(os.path.join(tmp, "data.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow([f"f{j}" for j in range(X.shape[1])] + ["y"])
        for row, label in zip(X.tolist(), y.tolist()):
            w.writerow([repr(v) for v in row] + [f"c{label}"])
    version = subprocess.run(["Rscript", "-e", _R], capture_output=True, text=True, check=True,
                             env={**os.environ, "PEERS_DIR": tmp, "PEERS_SPLIT": split}).stdout.strip()
    with open(os.path.join(tmp, "frame.csv")) as f:
        frame = list(csv.DictReader(f))
    with open(os.path.join(tmp, "cptable.csv")) as f:
        cptable = [{"CP": float.hex(float(r["CP"])), "nsplit": int(float(r["nsplit"])),
                    "rel_error": float.hex(float(r["rel error"]))} for r in csv.DictReader(f)]
    J = len(frame[0]) - 3
    by_number = {int(r["node"]): r for r in frame}

    def build(k: int) -> dict:
        r = by_number[k]
        out = {"counts": [int(float(v)) for v in list(r.values())[3:3 + J]], "rpart_node": k,
               "rpart_complexity": float.hex(float(r["complexity"]))}
        if r["leaf"] != "TRUE":
            out["children"] = [build(2 * k), build(2 * k + 1)]
        return out
    tree = build(1)
    assert sum(tree["counts"]) == len(y)
    return {"program": version, "options": {"cp": 0, "split": split, "minsplit": 2, "minbucket": 1, "xval": 0},
            "name": name, "data": source, "tree": tree, "cptable": cptable}


# -- scikit-learn ------------------------------------------------------------------------------
def sklearn_fixture(name: str, X, y, source: dict) -> dict:
    import sklearn
    from sklearn.tree import DecisionTreeClassifier
    from exactprune.tree import Tree
    est = DecisionTreeClassifier(random_state=0).fit(X, y)
    path = est.cost_complexity_pruning_path(X, y)
    tree = Tree.from_sklearn(est).to_dict()
    return {"program": f"scikit-learn {sklearn.__version__}", "options": {"criterion": "gini", "random_state": 0},
            "name": name, "data": source, "tree": strip_tests(tree),
            "ccp_alphas": [float.hex(float(a)) for a in path.ccp_alphas],
            "impurities": [float.hex(float(v)) for v in path.impurities]}


def strip_tests(d: dict) -> dict:
    out = {"counts": d["counts"]}
    if d.get("children"):
        out["children"] = [strip_tests(c) for c in d["children"]]
    return out


# -- main --------------------------------------------------------------------------------------
def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default="tests/fixtures/peers")
    parser.add_argument("--candidates", type=int, default=120, help="random nominal data sets tried for J48")
    args = parser.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)

    def save(fixture: dict, filename: str) -> None:
        with open(os.path.join(args.out, filename), "w") as f:
            json.dump(fixture, f, separators=(",", ":"))
        print(filename, os.path.getsize(os.path.join(args.out, filename)), "bytes", flush=True)

    with tempfile.TemporaryDirectory() as tmp:
        for name in BUNDLED:
            X, y = bundled(name)
            for M in (2, 1) if name == "digits" else (2,):
                save(j48_fixture(name, X, y, False, M, {"sklearn": BUNDLED[name]}, tmp), f"j48_{name}_M{M}.json")
        for seed in range(4):
            X, y = random_numeric(seed)
            save(j48_fixture(f"numeric{seed}", X, y, False, 2, {"seed": seed, "X": X.tolist(), "y": y.tolist()}, tmp),
                 f"j48_numeric{seed}.json")
        for seed, M in LETTER_LIKE:
            X, y = letter_like(seed)
            save(j48_fixture(f"letterlike{seed}", X, y, False, M, {"seed": seed, "X": X.astype(int).tolist(),
                                                                   "y": y.tolist()}, tmp), f"j48_letterlike{seed}_M{M}.json")
        kept = 0
        for seed in range(args.candidates):
            X, y = random_nominal(seed)
            fixture = j48_fixture(f"nominal{seed}", X, y, True, 2, {"seed": seed, "X": X.astype(int).tolist(),
                                                                    "y": y.tolist()}, tmp)
            if fixture["pruned_raising"] != fixture["pruned_no_raising"]:      # raising changed the tree
                save(fixture, f"j48_nominal{seed}.json")
                kept += 1
        print("nominal data sets where J48's raising changed the tree:", kept, "of", args.candidates)
        for name in ("iris", "wine", "breast_cancer", "digits"):
            X, y = bundled(name)
            for split in ("gini", "information"):
                save(rpart_fixture(name, X, y, split, {"sklearn": BUNDLED[name]}, tmp), f"rpart_{name}_{split}.json")
            save(sklearn_fixture(name, X, y, {"sklearn": BUNDLED[name]}), f"sklearn_{name}.json")
        for seed in range(4):
            X, y = random_numeric(100 + seed)
            src = {"generator": "random_numeric", "seed": 100 + seed}
            for split in ("gini", "information"):
                save(rpart_fixture(f"numeric{100 + seed}", X, y, split, src, tmp), f"rpart_numeric{100 + seed}_{split}.json")
            save(sklearn_fixture(f"numeric{100 + seed}", X, y, src), f"sklearn_numeric{100 + seed}.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
