"""The Berkeley Parser Analyser's counts on the 13 parsers of the shared data's
``kummerfeld/`` folder: per parser, per class, (fixes, brackets), in the order of
:data:`parsedit.metrics.error_rules.CLASSES`.

Made outside this repository (none of the analyser's code is here) by running
github:jkkummerfeld/berkeley-parser-analyser at commit 1a67d5c1555a (Python 3) as
``python3 berkeley_parse_analyser/classify_english.py wsj01.mrg PARSER.mrg OUT/PARSER``
for each parser, and reading each ``OUT/PARSER.error_counts`` (fixes, brackets, class
name; its ``UNSET move/add/remove`` lines summed as ``other``).
"""

ANALYSER = {
    "berkeley": [
        (3, 7), (1, 2), (0, 0), (1, 12), (2, 3), (1, 3),
        (1, 1), (2, 2), (0, 0), (3, 4), (5, 10), (0, 0),
    ],
    "bikel": [
        (3, 3), (0, 0), (2, 6), (5, 27), (0, 0), (1, 4),
        (2, 2), (8, 8), (0, 0), (5, 6), (3, 6), (0, 0),
    ],
    "bubs": [
        (3, 7), (0, 0), (0, 0), (1, 12), (1, 2), (1, 3),
        (3, 3), (4, 4), (0, 0), (5, 7), (3, 6), (0, 0),
    ],
    "charniak_basic": [
        (1, 1), (0, 0), (1, 3), (2, 13), (0, 0), (1, 1),
        (2, 2), (4, 4), (0, 0), (5, 6), (4, 8), (1, 1),
    ],
    "charniak_reranking": [
        (1, 1), (0, 0), (1, 3), (3, 30), (0, 0), (1, 3),
        (0, 0), (2, 2), (0, 0), (3, 4), (3, 6), (2, 4),
    ],
    "charniak_selftrained_basic": [
        (0, 0), (0, 0), (1, 3), (2, 17), (0, 0), (1, 1),
        (1, 1), (3, 3), (0, 0), (5, 6), (2, 4), (1, 1),
    ],
    "charniak_selftrained_reranking": [
        (1, 1), (0, 0), (1, 3), (3, 30), (0, 0), (1, 3),
        (0, 0), (2, 2), (0, 0), (4, 5), (2, 4), (2, 4),
    ],
    "collins.1": [
        (3, 3), (1, 3), (1, 3), (6, 32), (0, 0), (1, 4),
        (3, 3), (11, 11), (0, 0), (6, 8), (6, 12), (1, 5),
    ],
    "collins.2": [
        (3, 3), (0, 0), (2, 6), (5, 31), (0, 0), (1, 4),
        (3, 3), (9, 9), (0, 0), (5, 6), (5, 10), (0, 0),
    ],
    "collins.3": [
        (3, 3), (0, 0), (2, 6), (4, 24), (0, 0), (1, 4),
        (3, 3), (9, 9), (0, 0), (5, 6), (5, 10), (0, 0),
    ],
    "henderson": [
        (3, 3), (3, 10), (1, 3), (5, 14), (2, 3), (2, 4),
        (1, 3), (5, 5), (0, 0), (5, 6), (6, 12), (6, 15),
    ],
    "stanford": [
        (6, 21), (1, 2), (0, 0), (0, 0), (1, 2), (1, 3),
        (1, 1), (2, 2), (0, 0), (3, 6), (3, 6), (2, 4),
    ],
    "stanford_factored": [
        (3, 3), (1, 4), (1, 11), (2, 14), (0, 0), (3, 7),
        (5, 5), (6, 6), (0, 0), (8, 9), (2, 4), (2, 4),
    ],
}
