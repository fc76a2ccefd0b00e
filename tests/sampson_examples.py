"""The examples of Sampson and Babarczy (2003), as printed (square brackets),
with the figures printed after each: (GEIG/unlabelled, GEIG/labelled, LA).

Example (11)'s gold bracket before "and reduce" is S: the paper's online
version says the journal printed VP there but the experiment used S, and its
word table (section 7) shows S.  In (9) the candidate's "+n’t" is written
"+n't", as in the gold tree.
"""

from __future__ import annotations

EXAMPLES = {
    1: ("[S [N1 two [N1 tax revision ] bills ] were passed ]",
        "[S [NP two tax revision bills ] were passed ]", (0.800, 0.400, 0.833)),
    2: ("[S it is not [NP a mess [S you can make sense of ] ] ]",
        "[S it is not [NP a mess [S you can make sense ] ] of ]", (0.333, 0.333, 0.952)),
    3: ("[S yes , [S for they deal [PP with distress ] ] ]",
        "[T yes , [PP for they deal [PP with distress ] ] ]", (1.0, 0.333, 0.262)),
    4: ("[S then he began [VP to speak [PP about [NP the tension [PP in art ] [PP between "
        "[NP the mess [N1 and form ] ] ] ] ] ] ]",
        "[S then he began [VP to speak [PP about [NP the tension ] ] [PP in [N1 art [PP "
        "between [NP the mess ] ] [N1 and form ] ] ] ] ]", (0.353, 0.353, 0.921)),
    5: ("[S Alusik then moved Cooke across [PP with [NP a line drive [PP to left ] ] ] ]",
        "[S Alusik then moved Cooke across [PP with [NP a line drive ] ] [PP to left ] ]",
        (0.500, 0.500, 0.942)),
    6: ("[S [NP their heads ] were [PP in [NP the air ] ] sniffing ]",
        "[S [NP their heads ] were [PP in [NP the air sniffing ] ] ]", (0.500, 0.500, 0.932)),
    7: ("[S [NP its ribs ] showed , [S it was [NP a yellow nondescript color ] ] , [S it "
        "suffered [PP from [NP a variety [PP of sores ] ] ] ] , [S hair had scabbed [PP off "
        "[NP its body ] ] [PP in patches ] ] ]",
        "[T [S [NP its ribs ] showed ] , [S it was [NP a yellow nondescript color ] ] , [S it "
        "suffered [PP from [NP a variety [PP of sores ] ] ] ] , [S hair had scabbed off [NP "
        "its body ] [PP in patches ] ] ]", (0.917, 0.833, 0.589)),
    8: ("[S [S when [NP the crowd ] was asked [S whether it wanted [VP to wait [NP one more "
        "term ] [VP to make [NP the race ] ] ] ] ] , it voted no – [S and there were [NP no "
        "dissents ] ] ]",
        "[T [S [PP when [NP the crowd ] was asked [PP whether it wanted [VP to wait [NP one "
        "more term ] [VP to make [NP the race ] ] ] ] ] , it voted no ] – [S and there were "
        "[NP no dissents ] ] ]", (0.952, 0.667, 0.543)),
    9: ("[S [S we wo +n't know [NP the full amount ] [S until we get [NP a full report ] ] ] "
        ", Wagner said ]",
        "[T [S we wo +n't know [NP the full amount ] [PP until we get [NP a full report ] ] "
        "] , [S Wagner said ] ]", (0.909, 0.545, 0.531)),
    10: ("[S [S [NP her husband ] was lying [PP on [NP the kitchen floor ] ] ] , police said ]",
         "[T [S [NP her husband ] was lying [PP on [NP the kitchen floor ] ] ] , [S police "
         "said ] ]", (0.909, 0.727, 0.627)),
    11: ("[S however , [NP the jury ] said [S it believes [S [NP these two offices ] should be "
         "combined [VP to achieve [N1 greater efficiency ] [S and reduce [NP the cost [PP of "
         "administration ] ] ] ] ] ] ]",
         "[S however , [NP the jury ] said [S it believes [NP these two ] [S offices should be "
         "combined [VP to [VP achieve [N1 greater efficiency ] [VP and reduce [NP the cost [PP "
         "of administration ] ] ] ] ] ] ] ]", (0.762, 0.667, 0.889)),
}

# Section 4: the word scores of example (1); section 7: of example (11).
WORD_SCORES = {
    1: [0.917, 0.583, 0.583, 0.917, 1.000, 1.000],
    11: [1.000, 1.000, 1.000, 1.000, 1.000, 1.000, 1.000, 0.667, 0.750, 0.667, 1.000, 1.000,
         1.000, 1.000, 0.800, 0.923, 0.923, 0.769, 0.727, 0.800, 0.769, 0.824, 0.824],
}


def to_ptb(square: str) -> str:
    """``[S two [N1 tax ] ]`` -> ``(S (W two) (N1 (W tax)))``: every word gets a
    preterminal W (lineages leave preterminals out, GEIG does not count them)."""
    out = []
    for token in square.split():
        if token.startswith("["):
            out.append("(" + token[1:])
        elif token == "]":
            out.append(")")
        else:
            out.append(f"(W {token})")
    return " ".join(out).replace(" )", ")")
