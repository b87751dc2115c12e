"""German Whist: a two-player trick game; the first thirteen tricks win cards from the stock,
the last thirteen count."""
