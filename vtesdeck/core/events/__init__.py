"""The judge's event, in pure Python: seating the preliminary rounds and scoring the tables.

Modules:
  * ``seating`` — ``seat_rounds`` seats the rounds of an event (tables of 5 and 4 as the VEKN tournament
    rules size them, TR §3.1.2), optimising the nine seating criteria R1–R9 in priority order; ``score``
    measures those criteria for any seating, the judge's hand-made one included;
  * ``scoring`` — ``check_table`` refuses a table's victory points that no game could end with,
    ``table_points`` gives each seat its VP, game win and tournament points (TR §3.7), ``standings``
    ranks the players by GW, VP, TP and a recorded toss.

The events app stores what these compute; nothing here knows of Django.
"""

from __future__ import annotations
