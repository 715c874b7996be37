"""18West (2nd edition): Granger Roads, Land Grant and Public Companies in the American West.
Only its tile data lives here so far (:mod:`.tiles`)."""
