"""The suggestions' API: ``GET /api/v1/decks/<id>/suggestions/``, the cards to add to a deck and to cut from it.
Mounted by the project's urls under /api/v1/decks/ beside the deck API, whose path it shares: the deck is decks',
the suggestions are this app's."""
