"""The API's endpoints, by resource: ``tournaments``, ``matches``, ``analysis``; what they
share in ``base``."""
