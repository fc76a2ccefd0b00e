"""Reports: rendering only, never computing."""
