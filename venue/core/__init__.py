"""The venue's rules, pure (no Django): which waiting match is called to which free table."""
