"""Build the engine's compiled modules (native.py says which and why): ``python -m vtesdeck.core.engine.build``
compiles those missing or stale, ``… build status`` says which are fresh. Cython is needed only here."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import sysconfig
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from .native import BUILD, CYTHON_OPTIONS, MODULES, PACKAGE, SOURCE, binary, digest, fresh, optimize


def _compile(module: str, build: Path) -> str:
    """Cython's C, then the C compiler's shared library; the stamp last, so an interrupted build is never fresh."""
    source = SOURCE / f"{module}.py"
    c_file = build / f"{module}.c"
    before = digest(source)
    cython = [sys.executable, "-m", "cython", *CYTHON_OPTIONS]
    subprocess.run(
        [*cython, "--module-name", f"{PACKAGE}.{module}", str(source), "-o", str(c_file)],
        check=True,
        capture_output=True,
        text=True,
    )
    cc = (sysconfig.get_config_var("CC") or "cc").split()
    include = sysconfig.get_paths()["include"]
    out = binary(module, build)
    partial = out.with_suffix(".partial")
    command = [*cc, "-shared", "-fPIC", optimize(module), "-w", f"-I{include}", str(c_file), "-o", str(partial)]
    subprocess.run(command, check=True, capture_output=True, text=True)
    partial.replace(out)
    (build / f"{module}.sha256").write_text(before + "\n")
    c_file.unlink()
    return f"{module}: built"


def build(build_dir: Path = BUILD) -> int:
    """Build the modules whose build is missing or stale, in parallel; 0 also when it cannot build (it says why)."""
    if importlib.util.find_spec("Cython") is None:
        print("engine: Cython is not installed: the engine runs as plain Python (slower, the same games)")
        return 0
    include = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not include.is_file():
        print(f"engine: no {include} (python3-dev): the engine runs as plain Python (slower, the same games)")
        return 0
    build_dir.mkdir(parents=True, exist_ok=True)
    todo = [m for m in MODULES if not fresh(m, build_dir)]
    if not todo:
        print(f"engine: compiled modules up to date ({', '.join(MODULES)})")
        return 0
    print(f"engine: compiling {', '.join(todo)} with Cython (a minute or two)…", flush=True)
    with ThreadPoolExecutor(max_workers=len(todo)) as pool:  # each a process of its own (Cython, then cc)
        futures = [pool.submit(_compile, m, build_dir) for m in todo]
        for future in futures:
            try:
                print(f"engine: {future.result()}")
            except (OSError, subprocess.CalledProcessError) as exc:
                detail = getattr(exc, "stderr", "") or ""
                print(f"engine: build failed, plain Python is used: {exc} {detail[-2000:]}")
    return 0


def status() -> int:
    for m in MODULES:
        state = "fresh" if fresh(m) else "missing or stale (plain Python)"
        print(f"{PACKAGE}.{m}: {state}; {binary(m)}")
    return 0


if __name__ == "__main__":
    sys.exit(status() if sys.argv[1:] == ["status"] else build())
