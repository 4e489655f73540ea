"""The house's own date formats (``FORMAT_MODULE_PATH``), in front of Django's: only where
they differ."""
