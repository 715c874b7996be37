"""Terminal play: a Rich display of any title's ``view()`` and a prompt over its legal moves."""
