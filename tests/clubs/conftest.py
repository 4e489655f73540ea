from tests.notifications.conftest import locmem_mail  # noqa: F401  (its fixture)
