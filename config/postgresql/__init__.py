"""Django's PostgreSQL backend as the app runs it (``ENGINE`` ``config.postgresql``): a
connection that PostgreSQL or the network ended while it idled is replaced before use, told
without a round trip (:mod:`config.postgresql.cut`)."""
