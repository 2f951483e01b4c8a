"""The judge's event, in pure Python: seating and scoring the rounds, the final, deck checks, the reports.

Modules:
  * ``seating`` — ``seat_rounds`` seats the rounds of an event (tables of 5 and 4 as the VEKN tournament
    rules size them, TR §3.1.2), optimising the nine seating criteria R1–R9 in priority order; ``score``
    measures those criteria for any seating, the judge's hand-made one included;
  * ``scoring`` — ``check_table`` refuses a table's victory points that no game could end with,
    ``table_points`` gives each seat its VP, game win and tournament points (TR §3.7), ``standings``
    ranks the players by GW, VP, TP and a recorded toss;
  * ``finals`` — the final (TR §3.1.3, §3.7.5): ``reveal_crypt`` draws the three crypt cards the judge
    reveals, ``place``/``seat_order`` run the row of name cards laid from the lowest qualifier up and read
    round the table from the first player drawn, ``FinalsSetup`` keeps the ritual as JSON, ``finals_result``
    gives the final's places;
  * ``deckcheck`` — deck checks (TR §6.3, Judges' Guide §3.1): ``pick_tables`` draws the tables, ``compare``
    sets a physical deck's counts by type against its locked list, ``finding`` pre-fills the remedy and the
    default penalty;
  * ``exports`` — the winner's list in the archive's layout (``twd_report``), the standings as CSV, and the
    report in the columns of the Archon's results sheet (``archon_report``).

The events app stores what these compute; nothing here knows of Django.
"""

from __future__ import annotations
