"""From what was counted to a :class:`~parsedit.results.CorpusResult`: one function for every road.

:func:`conclude` builds the result and every warning its figures need from
what a set of scored pairs gave (:class:`~parsedit.pipeline.tally.Counted`):
the command line, :func:`parsedit.score`, :class:`parsedit.Evaluator` and
``compare`` all end here, so that they say the same thing about the same
pairs.  A warning is one line a reader of the figures needs: the options'
own (:meth:`~parsedit.config.Config.warnings`), root conventions that
differ between the files, pairs left out as too large to align, pairs
``--segmentation`` merged, pairs whose words differ from gold (with
what keeps the figures EVALB's first), and each metric's own
(:meth:`~parsedit.metrics.base.Metric.warnings`: pairs tree edit distance
left out as too large).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import islice
from typing import Any

from parsedit.config import Config
from parsedit.limits import max_edit_size
from parsedit.metrics.registry import build
from parsedit.pipeline.route import Route
from parsedit.pipeline.tally import EVALB_MAX_BRACKETS, EVALB_MAX_WORDS, LEFT_OUT, Counted
from parsedit.plural import plural
from parsedit.results import CorpusResult, Loss, Run
from parsedit.signature import signature
from parsedit.trees.reader import Item
from parsedit.trees.roots import ROOT_SAMPLE, root_label, root_label_warning, root_warning

# The root labels of the first pairs (gold's, test's), for the root-label warning.
Roots = list[tuple[str | None, str | None]]


def conclude(counted: Counted, config: Config, route: Route, gold_name: str, test_name: str,
             roots: Roots, stopped: str | None = None, runs: Sequence[Run] = (),
             worst_words: tuple[Loss, ...] | None = None,
             errors: Mapping[str, Any] | None = None,
             formats: tuple[str, str] = ("bracketed", "bracketed"),
             bare: bool = False) -> CorpusResult:
    """The result of the pairs ``counted`` under ``config``, read by
    ``route`` from ``gold_name`` and ``test_name``, with its warnings:
    ``roots`` are the root labels of the first pairs; ``stopped`` says why
    the run stopped early; ``runs`` are ``--segmentation``'s pairs of runs
    of sentences (all of them, scored or not); ``worst_words`` and
    ``errors`` the leaf-ancestor losses and the error analysis, when asked
    for; ``formats`` the two files' formats (a CoNLL-U gold file has a
    warning of its own); ``bare``: the test file is an unsupervised
    parser's output (bare brackets over the words that convention keeps)
    scored outside that convention."""
    runs = tuple(runs[:counted.last])  # the pairs scored: all unless the run stopped
    gold_trees, test_trees = counted.gold_trees, counted.test_trees
    if runs:  # the files' sentences in the pairs scored
        gold_trees = sum(len(run.gold) for run in runs)
        test_trees = sum(len(run.test) for run in runs)
    return CorpusResult(
        config.run_metrics, signature(config), counted.sentences, counted.totals, counted.cutoff,
        config.params.cutoff_len, gold_trees, test_trees, average=config.average,
        warnings=tuple(_warnings(counted, config, runs, gold_name, test_name, roots, bare)
                       + _dependency_warnings(counted, config, formats, gold_name)),
        stopped=stopped, worst_words=worst_words, errors=errors, not_ok=counted.not_ok,
        rows=counted.rows, runs=runs, route=route.name,
        route_reason=route.why, too_large=counted.tallies["too_large"],
        causes={**{cause: counted.tallies.get(cause, 0) for cause in LEFT_OUT},
                "quotes": counted.tallies["quoted"], "no_words": counted.tallies["no_words"],
                "invalid_tree": counted.tallies.get("invalid_trees", 0)},
        word_weights=config.word_weights(), gold_name=gold_name, test_name=test_name)


def _warnings(counted: Counted, config: Config, runs: Sequence[Run], gold_name: str,
              test_name: str, roots: Roots, bare: bool = False) -> list[str]:
    """What the figures make a reader need to know, from the tallies."""
    tallies = counted.tallies
    warnings = config.warnings()
    # An unlabelled outer bracket changes PARSEVAL's counts alone.
    outer = root_warning(tallies["gold"] + tallies["test"], counted.totals.ok,
                         tallies["gold"], gold_name, test_name) \
        if "parseval" in config.metrics else None
    if outer is not None:
        warnings.append(outer)
    if tallies["too_large"]:
        warnings.append(_too_large(tallies["too_large"], "dep" in config.metrics))
    beyond = tallies.get("beyond_evalb", 0)
    if beyond and "parseval" in config.metrics and not config.params.spmrl \
            and config.yields == "strict":
        warnings.append(_beyond_evalb(beyond))
    if runs:
        from parsedit.segmentation import limit_warning, merge_warning

        warnings += [said for said in (limit_warning(runs),
                                       merge_warning(runs, config.segmentation))
                     if said is not None]
    if config.yields == "align":
        from parsedit.metrics.yields import warning

        differ = warning(tallies["words_differ"], tallies["with_words"])
    else:
        differ = _words_differ(tallies["mismatched"], tallies["quoted"], config.params.spmrl,
                               test_name if bare else None)
    if differ is not None:
        warnings.append(differ)
    warnings += _conventions(tallies, config)
    kept = _kept_tags(tallies.get("kept_none", 0), counted.totals.sentences, config)
    if kept is not None:
        warnings.append(kept)
    labels = root_label_warning(roots, gold_name, test_name)
    if labels is not None:
        warnings.append(labels)
    for name, metric in build(config).items():  # what a metric's own figures need said
        warnings += metric.warnings(counted.totals.counts[name])
    return warnings


def _dependency_warnings(counted: Counted, config: Config, formats: tuple[str, str],
                         gold_name: str) -> list[str]:
    """What the dependency figures make a reader need to know: test
    sentences whose heads make no tree (a parser's invalid output: left out
    or counted as failed parses), relations that are function tags on the
    gold side alone (LAS then compares them with Collins' triples), scored
    words the test tree has no counterpart for (aligned by the ``words``
    scheme), and a CoNLL-U gold file scored otherwise than the CoNLL 2018
    script scores it."""
    counts = counted.totals.counts.get("dep")
    if counts is None:
        return []
    out = []
    invalid = counted.tallies.get("invalid_trees", 0)
    if invalid:
        out.append(
            f"dep: {plural(invalid, 'test sentence')} "
            f"{'is' if invalid == 1 else 'are'} not a dependency tree (two roots or none, a "
            "cycle, a head outside the sentence; each message names its file and line): "
            + ("scored as failed parses (--failures count): every scored word wrong"
               if config.failures == "count" else
               "left out of every figure as failed parses are (--failures skip), so UAS "
               f"and LAS are over the {plural(counts.sentences, 'sentence')} scored alone; "
               "--failures count "
               "scores each as a failed parse, every word wrong")
            + "; the CoNLL 2018 script (conll18_ud_eval.py) refuses the whole file at the "
            "first such sentence")
    # (by the relations, whatever the format: a CoNLL-U gold file written
    # by convert holds function tags as any relation)
    if counts.gold_functional and not counts.test_functional:
        out.append(f"dep: {plural(counts.gold_functional, 'gold relation')} "
                   + ("is a function tag " if counts.gold_functional == 1
                      else "are function tags ")
                   + "(NP-SBJ -> SBJ) or other relations that are not Collins' triples, and "
                   "no test relation is: LAS and the labelled figures count every one of "
                   "them wrong (the test's are Collins' triples); "
                   + ("--dep-labels triples labels both sides alike"
                      if formats[0] != "conllu" else
                      f"{gold_name} is CoNLL-U, read as it is: convert its treebank with "
                      "--dep-labels triples to label both sides alike, or compare UAS"))
    else:
        from parsedit.deps.model import functional  # (only dep's runs load deps/)

        gold = {r for r, g, _, _ in counts.relations if g and functional(r)}
        test = {r for r, _, t, _ in counts.relations if t and functional(r)}
        if gold and test and not gold & test:
            out.append("dep: no relation but Collins' triples and the root's occurs on both "
                       "sides (the gold's and the test's are different relation sets: "
                       "function tags against a dependency treebank's relations, say): LAS "
                       "and the labelled figures count each of the gold's wrong; compare UAS")
    unaligned = counts.words - counts.aligned - counts.failed  # (a failure's are counted)
    if unaligned and config.yields != "align":
        out.append(f"dep: {unaligned} of {counts.words} scored gold words "
                   "have no counterpart in the test tree (its words differ from gold's in "
                   "what the parameter file deletes: punctuation, empty elements); each "
                   "such pair's words were aligned by the words scheme, and UAS and LAS "
                   "count over the aligned words")
    if formats[0] == "conllu" and not (config.dep_every_word
                                       and config.dep_relations == "prefix"):
        out.append(f"dep: {gold_name} is CoNLL-U, and UAS and LAS "
                   + ("leave out punctuation by the gold tags (XPOS, or UPOS where XPOS is "
                      "'_', among the head table's punctuation tags: by default the Penn "
                      "Treebank's , . : `` '', which UD's UPOS PUNCT is not)"
                      if not config.dep_every_word
                      else "score every word")
                   + " and compare relations "
                   + ("whole" if config.dep_relations == "full" else "up to ':'")
                   + "; the CoNLL 2018 script scores every word and compares relations up "
                   "to ':' (--dep-every-word --dep-relations prefix give its figures)")
    return out


def _too_large(count: int, dependencies: bool = False) -> str:
    """The warning for ``count`` pairs left out as too large to align (by
    the dependency metric too, when the run has it)."""
    if dependencies:
        return (f"{count} pair(s) not scored: a tree holds more words and brackets than the "
                f"{max_edit_size():,} the edit metrics, leaf-ancestor and the error classes "
                "align, or a pair's "
                "dependency edit lattice would be too large (their messages say which; "
                "the other metrics' sums leave them out too, so that every figure covers "
                "the same sentences); PARSEDIT_MAX_EDIT_SIZE raises the first limit, at a "
                "memory cost that grows with the square of a tree's size")
    return (f"{count} pair(s) not scored: a tree holds more words and brackets than the "
            f"{max_edit_size():,} the edit metrics, leaf-ancestor and the error classes align "
            "(PARSEVAL's sums "
            "leave them out too, so that every figure covers the same sentences); "
            "PARSEDIT_MAX_EDIT_SIZE raises the limit, at a memory cost that grows with "
            "the square of a tree's size")


def _beyond_evalb(count: int) -> str:
    """The warning for ``count`` pairs EVALB itself cannot score: a side
    beyond its arrays (:func:`~parsedit.pipeline.tally.beyond_evalb`)."""
    return (f"{plural(count, 'pair')} of these files hold{'s' * (count == 1)} more than "
            f"{EVALB_MAX_WORDS} words or {EVALB_MAX_BRACKETS} brackets on a side, beyond "
            "EVALB's arrays (MAX_WORD_IN_SENT, MAX_BRACKET_IN_SENT in evalb.c): EVALB "
            "itself crashes on such a sentence or miscounts it, so its report of these "
            "files would not show these figures; parsedit scores them whole (their "
            "lengths and counts are in the sentence results)")


def _kept_tags(no_words: int, pairs: int, config: Config) -> str | None:
    """A parameter file that keeps words by their tags (KEEP_LABEL, as
    ``-p unsupervised`` keeps the Penn Treebank's 36 word tags) left a tenth
    of the pairs or more without a word on the gold side (``no_words``: the
    ``kept_none`` tally; a test read with no word, such as a bare line
    misread as a tree, is not blamed on the gold tags): they are most likely
    another tag set (a French treebank's NC, V, P), and the figures are over
    the few words that happen to carry a listed tag."""
    keep = config.params.normalisation.keep_labels
    if keep is None or not no_words or no_words * 10 < pairs:
        return None
    return (f"{plural(no_words, 'pair')} of {pairs} kept no word: {config.params.source} keeps "
            f"only the words whose tags are among its {len(keep)} KEEP_LABEL tags"
            + (" (the Penn Treebank's word tags)" if len(keep) == 36 else "")
            + ", and these pairs are left out; if the gold tags are another tag set, the "
            "figures cover only the few words that carry a listed tag: give a parameter file "
            "whose KEEP_LABEL lines are this treebank's word tags")


def _conventions(tallies: Mapping[str, int], config: Config) -> list[str]:
    """What EVALB_SPMRL's rules (``-p spmrl``, ``--failures spmrl``) and
    ``--delete-by gold`` did to the figures, from their tallies."""
    out = []
    zero, twice = tallies.get("spmrl_zero", 0), tallies.get("spmrl_twice", 0)
    if zero:
        others = [m for m in config.metrics if m != "parseval"]
        out.append(
            f"EVALB_SPMRL's rules ({config.params.source}): {zero} pair(s) whose word counts "
            "differ are counted as EVALB_SPMRL counts them, as valid sentences with no "
            "bracket (complete matches without crossing brackets), not as errors: their gold "
            "brackets are in no figure"
            + (f"; {twice} of them (a gold line of at most one word) are then scored as well, "
               "two rows and two sentences for one line" if twice else "")
            + (f"; {', '.join(others)} leave(s) them out" if others else "")
            + ". EVALB_SPMRL deletes no word: a DELETE_LABEL terminal (an empty element "
            "-NONE-) is a word under its rules, so gold trees with empty elements against "
            "parses without them differ in length")
    unparsed = tallies.get("unparsed", 0)
    if unparsed and config.params.spmrl and config.failures == "skip":
        out.append(
            f"EVALB_SPMRL's rules ({config.params.source}): {unparsed} unparsed test "
            "sentence(s) (empty or unreadable lines) are left out of the figures, as "
            "EVALB_SPMRL without -X leaves them out; the SPMRL shared tasks scored with -X, "
            "which counts them: --failures spmrl gives those figures (--failures count "
            "counts each as a parse with no constituents)")
    rows = tallies.get("x_rows", 0)
    if rows:
        gold, kept = tallies["x_gold"], tallies["x_kept"]
        out.append(
            f"--failures spmrl counts {rows} unparsed sentence(s) as EVALB_SPMRL's -X does: "
            f"{gold} gold brackets where their trees have {kept} ({gold - kept} too many: -X "
            f"adds 1 + D - m for each gold bracket, D the {len(config.params.deletes)} "
            "DELETE_LABEL lines, m those equal to its label), so recall and F are lower than "
            f"the parses deserve; --failures count counts the {kept}")
    rescued = tallies.get("rescued", 0)
    if rescued:
        out.append(
            f"--delete-by gold: {rescued} sentence(s) scored that EVALB's way (each side's "
            "own tags deciding what is deleted) would have left out as length or word "
            "mismatches: a punctuation mark the parser tagged as a word, or a word it tagged "
            "as punctuation")
    case = tallies.get("case", 0)
    if case:
        out.append(
            f"{plural(case, 'pair')} whose kept words differ from gold's only in case (a "
            "lowercased test, as unsupervised parsers write) scored: the unsupervised "
            "convention compares spans by position, as compare_trees.py does, not words")
    return out


def _words_differ(count: int, quotes: int = 0, spmrl: bool = False,
                  bare: str | None = None) -> str | None:
    """What to do about ``count`` pairs whose words differ from gold,
    ``quotes`` of them made by quotes tagged differently, or None: first
    what keeps the figures EVALB's (``-p new`` for the quotes), then
    ``--yield align``, whose figures are not; for a test file ``bare``
    that is an unsupervised parser's output, ``-p unsupervised``."""
    if not count:
        return None
    if spmrl:
        return (f"{count} pair(s) whose words differ from gold are errors, as in EVALB_SPMRL")
    pairs = f"{count} pairs whose words differ from gold (length or word mismatches) are " \
        "errors" if count > 1 else "1 pair whose words differ from gold (a length or word " \
        "mismatch) is an error"
    if bare is not None:
        return (f"{pairs}: {bare} holds bare brackets over the words the unsupervised "
                "convention keeps (an unsupervised parser's output, or parsedit baseline's): "
                "-p unsupervised scores it under that convention, reading it as bare "
                "brackets (--test-format bare says so); --yield align would align its words "
                "instead, and its figures are not that convention's")
    if quotes:
        which = "it differs" if count == 1 else "all of them differ" if quotes == count \
            else f"{quotes} of them differ"
        return (f"{pairs}, as in EVALB; {which} only by quotes tagged as "
                "words on one side and as deleted punctuation on the other (gold (POS ') "
                "against test ('' '), as in section 23 under COLLINS.prm): -p new (new.prm, "
                "or QUOTE_LABEL lines in a copy of your parameter file) scores those as "
                "EVALB does, so the figures stay comparable with EVALB's; --yield align "
                "would score every such pair through a word alignment instead, and its "
                "figures are not EVALB's")
    return (f"{pairs}, as in EVALB: if the test's words are its own "
            "(speech recognition, a tokeniser of its own) or its sentences are cut "
            "differently, --yield align scores them through a word alignment (with "
            "--segmentation align for the sentences), whose figures are not EVALB's")


def root_labels(config: Config, pairs: Iterable[tuple[Item | None, Item | None]]) -> Roots:
    """The root labels (after normalisation) of the first
    :data:`~parsedit.trees.roots.ROOT_SAMPLE` pairs of items, for the
    root-label warning."""
    norm = config.params.normalisation

    def label(item: Item | None) -> str | None:
        if item is None or item.tokens is None:
            return None
        return root_label(norm.normalise(item.tokens).bracketing)

    return [(label(g), label(t)) for g, t in islice(pairs, ROOT_SAMPLE)]
