"""Sign-up and the language switch; log-in, log-out and password reset are Django's own."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from clubs import services
from clubs.forms import SignupForm
from clubs.models import Player


def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("dashboard")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = services.account_register(
            username=form.cleaned_data["username"],
            email=form.cleaned_data["email"],
            password=form.cleaned_data["password1"],
            first_name=form.cleaned_data["first_name"],
            last_name=form.cleaned_data["last_name"],
        )
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome to Crawford!"))
        return redirect("dashboard")
    return render(request, "registration/signup.html", {"form": form})


@require_POST
def language_set(request: HttpRequest) -> HttpResponse:
    """Django's language switch, remembered on the player so mails come in that language too."""
    response = set_language(request)
    language = request.POST.get("language")
    if request.user.is_authenticated and language in dict(settings.LANGUAGES):
        Player.objects.filter(user=request.user).update(language=language)
    return response
