"""Notifications: players know when to play, organizers know what is late.

Every message is a ``clubs.Notification`` row: rendered from templates in the recipient's
language (``templates/notifications/<kind>/``), shown in the in-app list (the bell), and
e-mailed in the background when the recipient has an address and wants it (``Player.notify``).
A ``dedupe_key`` per trigger makes every trigger safe to run twice.

Modules:
- ``kinds``: what can be sent, and which preference lets it through.
- ``services``: create one notification, deliver its e-mail, read/told/retry, preferences.
- ``match_notices``, ``deadlines``, ``tournament_notices``: the triggers (who gets what, when);
  ``events``: what the tasks call; ``placings``: the final places for "tournament finished".
- ``selectors``: the bell, the list pages, the organizer pages.
- ``calendar``: the iCalendar feed of a player's matches.
- ``listeners``: the bridge from ``matches.events`` (results) to the Celery tasks.

The public entry points are the Celery tasks in ``notifications.tasks``; see
``notifications.tasks.notify_event`` for the result events.
"""
