"""Time the krcg 4.19 TWDA parser alone over a folder of decklists (run by bench/decklists.py).

Runs in krcg's OWN virtual environment and from a folder outside the project: krcg ships a top-level
``cards`` package that our Django app of the same name would shadow. Prints one JSON line.
"""

import io
import json
import logging
import os
import pathlib
import sys
import time

os.environ["LOCAL_CARDS"] = "1"  # the CSVs in krcg's own wheel: no network, same cards as ours
os.environ["NO_TRANSLATIONS"] = "1"  # translations would be downloaded; parsing English lists needs none

from krcg import deck, vtes  # noqa: E402

logging.disable(logging.CRITICAL)  # krcg logs every oddity it meets; printing them is not parsing


def main(folder: str, rounds: int) -> None:
    t0 = time.perf_counter()
    vtes.VTES.load_from_vekn()
    load_seconds = time.perf_counter() - t0
    files = sorted(pathlib.Path(folder).glob("*.txt"))
    texts = [(f.stem, f.read_text(encoding="utf-8")) for f in files]
    best = best_cpu = float("inf")
    for _ in range(rounds):
        t0, cpu0 = time.perf_counter(), time.process_time()
        for stem, text in texts:
            deck.Deck.from_txt(io.StringIO(text), id=stem, twda=True)
        best = min(best, time.perf_counter() - t0)
        best_cpu = min(best_cpu, time.process_time() - cpu0)
    print(json.dumps({"decks": len(texts), "seconds": best, "cpu_seconds": best_cpu, "load_seconds": load_seconds}))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 1)
