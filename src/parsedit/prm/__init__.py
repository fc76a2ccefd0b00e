"""EVALB parameter files shipped with parsedit (``--params NAME``)."""
