"""Terminal play: a Rich display of any title's typed view and a prompt over its legal moves."""
