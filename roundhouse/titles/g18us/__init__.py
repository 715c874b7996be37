"""18US: Eastern, Land Grant and System companies across the United States.  Only its tile data
lives here so far (:mod:`.tiles`)."""
