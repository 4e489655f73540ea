"""Match pages: the score sheet with result entry, reports and corrections; match files."""
