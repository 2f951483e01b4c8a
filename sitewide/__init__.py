"""The top of the house: the site's routes (``sitewide.urls``, every app's pages and API composed) and its site-wide
pages (the home page, the icon, the health check). It imports the apps; no app and no shared piece of
``vtesdeck`` imports it (``.importlinter``)."""
