"""The two error layers of the project.

``UserError`` carries a translated message a person can act on ("the match is already over");
views show it, services raise it. Anything else that goes wrong is a bug and is left to
propagate as an ordinary exception.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest


class UserError(ValidationError):
    """A request a user made that the rules do not allow; the message is already translated.

    It is a ``ValidationError`` so forms and DRF show it next to a field (``field``) or on top.
    """

    def __init__(self, message: object, *, code: str = "invalid", field: str | None = None):
        self.field = field
        super().__init__(message, code=code)

    def as_form_errors(self) -> dict[str | None, list[object]]:
        return {self.field: list(self.messages)}


def add_user_error(form: Any, error: UserError) -> None:
    """Show a service's refusal on the form: next to its field, or on top."""
    field = error.field if error.field in form.fields else None
    for message in error.messages:
        form.add_error(field, message)


def run_service(request: HttpRequest, action: Callable[[], object], success: str) -> bool:
    """Call a service (``action``) for a view; show its refusal or ``success`` as a message.
    Whether it succeeded."""
    try:
        action()
    except UserError as error:
        messages.error(request, " ".join(error.messages))
        return False
    messages.success(request, success)
    return True
