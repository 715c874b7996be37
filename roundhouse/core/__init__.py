"""Title-agnostic rules machinery: pure Python, no I/O, no title names."""
