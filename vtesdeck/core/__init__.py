"""vtesdeck's pure-Python core: the VTES domain with no Django, DRF or Celery in sight.

Modules:
  * ``domain``  — card types (``Card``, ``Discipline``, ``Cost``, ``Requirements``…) as dataclasses;
  * ``names``   — card-name folding, the rule for when two spellings name the same card;
  * ``carddb``  — reading the official VEKN CSVs (bundled, folder, zip, URL) and the ``CardIndex``;
  * ``messages`` — every sentence said to people, by message id and parameters (English templates that
    the shells render in the reader's language), and the rule citations' references.

The worker, the CLI, the API and the tests all call these; none of them is called from here.
"""
