"""The eleven error cases of Grammarly's "Evaluating constituency parsers"
(their updated version of Kummerfeld et al.'s examples, gr-parseval's
``test-cases.sexp``), written as Penn Treebank lines: (test, gold) per case,
and their Table 1, in per cent: PARSEVAL, PARSEVAL-split unlabelled,
PARSEVAL-split, and the same three weighted, and Leafless PARSEVAL-split.
Every node counts, preterminals and TOP included (gr-parseval's default).
"""

from __future__ import annotations

CASES = [
    ("(TOP (S (NP (PRP He)) (VP (VBD was) (VP (VBN named) (NP (NP (JJ chief) (NN executive) "
     "(NN officer)) (PP (IN of) (NP (NP (NNP Applied)) (PP (IN in) (NP (CD 1986)))))))) (. .)))",
     "(TOP (S (NP (PRP He)) (VP (VBD was) (VP (VBN named) (NP (NP (JJ chief) (NN executive) "
     "(NN officer)) (PP (IN of) (NP (NNP Applied)))) (PP (IN in) (NP (CD 1986))))) (. .)))"),
    ("(TOP (S (NP (NNP Fidelity) (NNPS Investments)) (VP (VP (VBD placed) (NP (JJ new) "
     "(NNS ads)) (PP (IN in) (NP (NNS newspapers))) (NP (NN yesterday))) (, ,) (CC and) "
     "(VP (VBD wrote) (NP (NP (DT another) (JJ new) (NN ad)) (VBG appearing)) "
     "(NP (NN today)))) (. .)))",
     "(TOP (S (NP (NNP Fidelity) (NNPS Investments)) (VP (VP (VBD placed) (NP (JJ new) "
     "(NNS ads)) (PP (IN in) (NP (NNS newspapers))) (NP (NN yesterday))) (, ,) (CC and) "
     "(VP (VBD wrote) (NP (NP (DT another) (JJ new) (NN ad)) (VP (VBG appearing) "
     "(NP (NN today)))))) (. .)))"),
    ("(TOP (S (S (NP (PRP You)) (VP (VBD did) (NP (NP (NN something)) (ADJP (RB so) "
     "(RB utterly) (JJ stupid))))) (, ,) (S (NP (PRP you)) (VP (VBD had) (S (VP (TO to) "
     "(VP (VB think) (PP (IN about) (NP (PRP it)))))) (ADVP (RB ahead) (PP (IN of) "
     "(NP (NN time)))))) (. .)))",
     "(TOP (S (S (NP (PRP You)) (VP (VBD did) (NP (NP (NN something)) (ADJP (RB so) "
     "(RB utterly) (JJ stupid))))) (, ,) (S (NP (PRP you)) (VP (VBD had) (S (VP (TO to) "
     "(VP (VB think) (PP (IN about) (NP (PRP it))) (ADVP (RB ahead) (PP (IN of) "
     "(NP (NN time))))))))) (. .)))"),
    ("(TOP (S (NP (DT The) (NN bill)) (VP (VBZ intends) (S (VP (TO to) (VP (VB restrict) "
     "(NP (DT the) (NNP RTC)) (PP (TO to) (NP (NNP Treasury) (NNS borrowings))) "
     "(ADVP (RB only)) (SBAR (IN unless) (S (NP (DT the) (NN agency)) (VP (VBZ receives) "
     "(NP (JJ specific) (JJ congressional) (NN authorization))))))))) (. .)))",
     "(TOP (S (NP (DT The) (NN bill)) (VP (VBZ intends) (S (VP (TO to) (VP (VB restrict) "
     "(NP (DT the) (NNP RTC)) (PP (TO to) (NP (NNP Treasury) (NNS borrowings))) "
     "(ADVP (RB only))))) (SBAR (IN unless) (S (NP (DT the) (NN agency)) (VP (VBZ receives) "
     "(NP (JJ specific) (JJ congressional) (NN authorization)))))) (. .)))"),
    ("(TOP (S (NP (PRP He)) (VP (VP (VBZ 's) (ADVP (RB never)) (VP (VBD chuckled) (, ,) "
     "(CC or) (VBD giggled))) (, ,) (CC or) (VP (ADVP (RB even)) (VBD smiled))) (. .)))",
     "(TOP (S (NP (PRP He)) (VP (VBZ 's) (ADVP (RB never)) (VP (VP (VBD chuckled)) (, ,) "
     "(CC or) (VP (VBD giggled)) (, ,) (CC or) (VP (ADVP (RB even)) (VBD smiled)))) (. .)))"),
    ("(TOP (S (NP (NP (DT A) (ADJP (CD 16.3) (NN %)) (NN drop)) (PP (IN for) (NP (NP "
     "(NNP Mannesmann) (NNP AG)) (CC and) (NP (NP (NNP Dresdner) (NNP Bank) (NNP AG) "
     "(POS 's)) (ADJP (CD 9.6) (NN %)) (NN decline))))) (VP (VBD were) (ADJP (RB especially) "
     "(JJ problematic)) (PP (IN for) (NP (NP (PRP$ their) (JJ respective) (NNS boards))))) "
     "(. .)))",
     "(TOP (S (NP (NP (NP (DT A) (ADJP (CD 16.3) (NN %)) (NN drop)) (PP (IN for) (NP "
     "(NNP Mannesmann) (NNP AG)))) (CC and) (NP (NP (NNP Dresdner) (NNP Bank) (NNP AG) "
     "(POS 's)) (ADJP (CD 9.6) (NN %)) (NN decline))) (VP (VBD were) (ADJP (RB especially) "
     "(JJ problematic)) (PP (IN for) (NP (NP (PRP$ their) (JJ respective) (NNS boards))))) "
     "(. .)))"),
    ("(TOP (S (NP (NP (NNP Secretary)) (PP (IN of) (NP (NNP State) (NNP Baker)))) (PP (IN in) "
     "(NP (DT a) (JJ foreign) (NN policy) (NN speech))) (VP (VBD spoke) (PP (IN about) "
     "(NP (NP (DT the) (NN reunification)) (PP (IN of) (NP (NNP Germany)))))) (. .)))",
     "(TOP (S (NP (NAC (NNP Secretary) (PP (IN of) (NP (NNP State)))) (NNP Baker)) (PP (IN in) "
     "(NP (DT a) (JJ foreign) (NN policy) (NN speech))) (VP (VBD spoke) (PP (IN about) "
     "(NP (NP (DT the) (NN reunification)) (PP (IN of) (NP (NNP Germany)))))) (. .)))"),
    ("(TOP (S (SINV (VP (VBG Following)) (VBZ is) (NP (NP (DT a) (NN breakdown)) (PP (IN of) "
     "(NP (JJ major) (NN market) (NN activity))))) (: :)))",
     "(TOP (S (SINV (S (VP (VBG Following))) (VBZ is) (NP (NP (DT a) (NN breakdown)) "
     "(PP (IN of) (NP (JJ major) (NN market) (NN activity))))) (: :)))"),
    ("(TOP (S (NP (JJ Young) (NN man)) (, ,) (VP (VBP are) (NP (NP (PRP you)) (ADJP (JJ aware) "
     "(PP (IN of) (SBAR (WHNP (WP what)) (S (NP (PRP you)) (VP (VB eat) (CC and) "
     "(VB drink)))))))) (. ?)))",
     "(TOP (SQ (NP (JJ Young) (NN man)) (, ,) (VP (VBP are) (NP (NP (PRP you)) (ADJP "
     "(JJ aware) (PP (IN of) (SBAR (WHNP (WP what)) (S (NP (PRP you)) (VP (VB eat) (CC and) "
     "(VB drink)))))))) (. ?)))"),
    ("(TOP (NP (NP (CD Eight) (JJ hard-nosed) (CC and) (JJ fearless) (NNS litigators)) "
     "(SBAR (WHNP (WP who)) (S (VP (VBD spent) (NP (PRP$ their) (NNS hours)) (S (VP "
     "(VBG chewing) (PP (IN up) (NP (NNS people)))))))) (. .)))",
     "(TOP (NP (NP (CD Eight) (JJ hard-nosed) (CC and) (JJ fearless) (NNS litigators)) "
     "(SBAR (WHNP (WP who)) (S (VP (VBD spent) (NP (PRP$ their) (NNS hours)) (S (VP "
     "(VBG chewing) (PRT (RP up)) (NP (NNS people))))))) (. .)))"),
    ("(TOP (S (PP (IN Unlike) (NP (JJ other) (NNS prices) (NN interest) (NNS rates))) "
     "(VP (VBP are) (S (VP (TO to) (VP (VB be) (ADVP (RB politically)) (VP "
     "(VBN determined)))))) (. .)))",
     "(TOP (S (PP (IN Unlike) (NP (JJ other) (NNS prices))) (NP (NN interest) (NNS rates)) "
     "(VP (VBP are) (S (VP (TO to) (VP (VB be) (ADVP (RB politically)) (VP "
     "(VBN determined)))))) (. .)))"),
]

# Table 1: PARSEVAL, split unlabelled, split, weighted, split unlabelled
# weighted, split weighted, leafless split.
TABLE_1 = [
    (88.89, 84.44, 84.44, 85.00, 78.73, 78.73, 69.57),
    (95.08, 91.80, 91.80, 94.90, 90.95, 90.95, 81.48),
    (91.67, 88.89, 88.89, 89.24, 85.31, 85.31, 78.95),
    (91.43, 88.57, 88.57, 87.94, 83.76, 83.76, 75.00),
    (88.37, 83.72, 83.72, 88.89, 83.29, 83.29, 63.16),
    (94.87, 92.31, 92.31, 93.57, 90.07, 90.07, 81.25),
    (90.00, 86.67, 86.67, 90.93, 88.02, 86.91, 71.43),
    (97.14, 97.14, 97.14, 97.14, 97.14, 97.14, 94.11),
    (96.15, 100.0, 96.15, 94.38, 100.0, 94.38, 92.31),
    (92.00, 92.00, 88.00, 93.78, 90.96, 88.96, 83.33),
    (88.37, 83.72, 83.72, 88.89, 82.32, 82.32, 66.67),
]
