"""Errors raised by the pure pairing code.

They are narrow ``ValueError`` subclasses with a plain English message for developers and a
machine-readable ``code`` that an adapter maps to a translated user message.
"""

from __future__ import annotations


class PairingError(ValueError):
    """Pairing or bracket building is impossible with the given input.

    Codes: ``too_few_entrants``, ``duplicate_entrant``, ``no_valid_pairing``,
    ``no_bye_candidate``, ``round_out_of_range``, ``unknown_match``, ``result_not_ready``,
    ``not_a_participant``.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class OptionsError(ValueError):
    """Format options are malformed. Codes: ``unknown_option``, ``invalid_option``."""

    def __init__(self, code: str, message: str, option: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.option = option
