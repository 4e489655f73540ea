"""Jellyfish .mat match files: parse (form), replay (rules), write (gnubg's layout).

The public entry is :mod:`backgammon.matfile`; these modules are its parts.
"""
