"""FSTs: edit transducers from cost schemes (edit), acceptors, composition
and shortest paths (align), schemes compiled over an alphabet (compile), the
movement cascade (cascade), OpenFst files and symbol tables (files).  pynini
is imported here and nowhere else in parsedit."""
