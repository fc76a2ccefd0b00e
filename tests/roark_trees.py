"""The three trees of Roark (2002) section 2 (from Bangalore et al. 1998).

Parse (1) is the gold standard; (2) attaches the final PP to the lowest NP;
(3) is a shallow parse.  The paper's PDF rendering loses some brackets, so the
trees are written here from its prose.
"""

GOLD = ("(S (NP (PRN She)) (VP (VBD bought) (NP (NP (DT an) (JJ incredibly) "
        "(JJ expensive) (NN coat)) (PP (IN with) (NP (NP (JJ gold) (NNS buttons)) (CC and) "
        "(NP (NN fur) (NN lining))))) (PP (IN at) (NP (DT the) (NN store)))))")
PARSE2 = ("(S (NP (PRN She)) (VP (VBD bought) (NP (NP (DT an) (JJ incredibly) "
          "(JJ expensive) (NN coat)) (PP (IN with) (NP (NP (JJ gold) (NNS buttons)) (CC and) "
          "(NP (NP (NN fur) (NN lining)) (PP (IN at) (NP (DT the) (NN store)))))))))")
PARSE3 = ("(S (NP (PRN She)) (VP (VBD bought) (NP (DT an) (JJ incredibly) (JJ expensive) "
          "(NN coat)) (IN with) (NP (JJ gold) (NNS buttons)) (CC and) (NP (NN fur) (NN lining)) "
          "(PP (IN at) (NP (DT the) (NN store)))))")
