"""Tagger evaluation beyond accuracy (Acedański and Przepiórkowski 2010):
read (reader) -> tags split into PoS and categories (tagset) -> scoring
functions on pairs of tags (scoring) -> aggregates over segments (measures)."""
