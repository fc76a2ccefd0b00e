"""Shipped tagset descriptions (``*.tagset``) and category weights (``*.weights``)."""
