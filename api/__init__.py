"""The REST API: public reads of published tournaments, result posts with a club's token."""
