"""liarlab: a reproducible study of artificial intelligence for bluffing games."""
__version__ = "0.1.0"
