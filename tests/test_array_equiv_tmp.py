"""Array PruneTree vs the object implementation: decisions, routes and exact moments."""
from fractions import Fraction
import numpy as np, pytest
from hypothesis import given, settings, strategies as st
from exactprune.knorm import _ArrayEvaluator, _ObjectEvaluator, Prior
from exactprune.tree import Tree
from random_trees import count_trees

def both(tree, k, prior, eps):
    old = _ObjectEvaluator(k, prior, eps); old.run(tree)
    new = _ArrayEvaluator(k, prior, eps); new.run(tree)
    nodes = tree.nodes()
    old_kept = [bool(old.keep.get(id(n), False)) for n in nodes]
    assert new.kept.tolist() == old_kept
    a, b = new.root_moment(), old.root_moment(tree.root)
    assert a == b if k <= 4096 else (a.mid() == b.mid() and a.rad() == b.rad())
    return old, new

@settings(max_examples=400)
@given(count_trees(max_depth=5, max_children=4, max_count=30), st.sampled_from([1, 2, 3, 7, 40]),
       st.sampled_from([Fraction(0), Fraction(1, 2), Fraction(3)]), st.sampled_from([Fraction(0), Fraction(1, 2), Fraction(2)]),
       st.sampled_from(["J-1", "1"]), st.sampled_from([Fraction(0), Fraction(1, 100), Fraction(1, 7)]))
def test_random(tree, k, lam, eta, numerator, eps):
    try:
        prior = Prior(lam=lam, eta=eta, numerator=numerator)
        both(tree, k, prior, eps)
    except ValueError as err:
        with pytest.raises(ValueError):
            _ObjectEvaluator(k, prior, eps).run(tree)

@pytest.mark.parametrize("n", [200, 2000, 20000, 100000])
@pytest.mark.parametrize("k", [1, 2, 5])
def test_sklearn(n, k):
    from sklearn.tree import DecisionTreeClassifier
    from exactprune.experiments import gaussian_data
    X, y = gaussian_data("g2c15", n, seed=n)
    tree = Tree.from_sklearn(DecisionTreeClassifier(random_state=0).fit(X, y))
    old, new = both(tree, k, Prior(), Fraction(0))
    print(n, k, old.decider.routes, new.decider.routes)

def test_large_k():
    from exactprune.tree import iris_tree
    both(iris_tree(), 5000, Prior(), Fraction(0))
