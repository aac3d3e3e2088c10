"""Paper 03: Honeymoon Bridge (Yeh 2009)."""
