"""English as written where the day comes first: the United Kingdom, Germany and most of the
world (CLDR's English of those countries), with the 24-hour clock Europe reads. The pages of a
club in such a country use these for an English reader (``config.dates``). Only what differs
from Django's ``en_GB``, whose times read "6:30 p.m."."""

DATE_FORMAT = "j M Y"  # 6 Dec 2026
TIME_FORMAT = "H:i"  # 18:30
DATETIME_FORMAT = "j M Y, H:i"  # 6 Dec 2026, 18:30
SHORT_DATE_FORMAT = "d/m/Y"  # 06/12/2026
SHORT_DATETIME_FORMAT = "d/m/Y H:i"  # 06/12/2026 18:30
