"""span-boundary: partial credit for a constituent one boundary off, for the
*span* encoding; an example of a Python grammar module.

Under levenshtein a span rewritten as any other costs 1.  Here NP[0,3] for
NP[0,2] (the same label, the same start) or NP[1,2] for NP[0,2] (the same
end) costs 0.5; anything else is as in levenshtein: insertion, deletion and
substitution 1.  The cost of a substitution depends on a relation between
the two spans, which the declarative format cannot state; a module builds it
with pynini directly.

The interface: parsedit calls ``build(alphabet)`` with the corpus's
alphabet for the encoding (``parsedit.costs.alphabet.Alphabet``) and takes
back an edit transducer over ``alphabet.table``.  This one stays linear in
the alphabet: a substitution passes through an intermediate state, one per
(label, start) and per (label, end), that only spans sharing it can reach.
"""

import pynini

NAME = "span-boundary"
ENCODINGS = ["span"]


def build(alphabet):
    fst = pynini.Fst()
    home = fst.add_state()
    fst.set_start(home)
    fst.set_final(home)
    anything = fst.add_state()  # any span for any other, at cost 1
    shared = {}  # (label, "start" or "end", position) -> state

    def via(key):
        if key not in shared:
            shared[key] = fst.add_state()
        return shared[key]

    for text in alphabet.of_kind("span"):
        a = alphabet.id(text)
        label = alphabet.labels[text]
        start, end = text[text.rindex("[") + 1:-1].split(",")
        fst.add_arc(home, pynini.Arc(a, a, 0.0, home))
        fst.add_arc(home, pynini.Arc(a, 0, 1.0, home))  # delete
        fst.add_arc(home, pynini.Arc(0, a, 1.0, home))  # insert
        fst.add_arc(home, pynini.Arc(a, 0, 1.0, anything))
        fst.add_arc(anything, pynini.Arc(0, a, 0.0, home))
        for key in ((label, "start", start), (label, "end", end)):
            fst.add_arc(home, pynini.Arc(a, 0, 0.5, via(key)))
            fst.add_arc(via(key), pynini.Arc(0, a, 0.0, home))
    return fst
