#!/usr/bin/env bash
# npm run lab [-- JUPYTER ARGS]: Jupyter with this checkout's TypeScript kernel (tslab).
#
# The kernel is registered privately (build/jupyter, through JUPYTER_PATH), pointing at
# scripts/tslab-kernel.cjs (tslab with a code cache for its compiler), so nothing is installed system-wide. kernel-lib is compiled to
# build/kernel-lib for the kernel (tslab cannot import our .ts-extension modules directly) and
# recompiled on every change while Jupyter runs; restart the kernel to pick a change up. Each compile
# goes to its own directory and build/kernel-lib is switched to it when complete, so tests and
# `npm run reproduce` running meanwhile never load a half-built library (buildNotebookLib).
set -euo pipefail
cd "$(dirname "$0")/.."

node -e 'const [a, b] = process.versions.node.split(".").map(Number); if (a < 20 || (a === 20 && b < 19)) { console.error(`npm run lab needs Node >= 20.19 (tslab loads ESM packages through require); this is ${process.version}`); process.exit(1); }'

# Which Jupyter, first found: $J2G_JUPYTER (a jupyter, jupyter-lab or jupyter-notebook executable),
# $J2G_PYTHON (a Python with jupyterlab or notebook: a venv, conda or pyenv one), then PATH (jupyter-lab,
# jupyter-notebook, whatever venv or conda environment is active first), then python3 -m jupyterlab/notebook.
app=()
has_app() { "$@" --version >/dev/null 2>&1; }
if [ -n "${J2G_JUPYTER:-}" ]; then
  case "$(basename "$J2G_JUPYTER")" in
    jupyter) if has_app "$J2G_JUPYTER" lab; then app=("$J2G_JUPYTER" lab); else app=("$J2G_JUPYTER" notebook); fi ;;
    *) app=("$J2G_JUPYTER") ;;
  esac
  has_app "${app[@]}" || { echo "npm run lab: J2G_JUPYTER=$J2G_JUPYTER does not run (expected a jupyter, jupyter-lab or jupyter-notebook executable)" >&2; exit 1; }
elif [ -n "${J2G_PYTHON:-}" ]; then
  if has_app "$J2G_PYTHON" -m jupyterlab; then app=("$J2G_PYTHON" -m jupyterlab)
  elif has_app "$J2G_PYTHON" -m notebook; then app=("$J2G_PYTHON" -m notebook)
  else echo "npm run lab: J2G_PYTHON=$J2G_PYTHON has neither jupyterlab nor notebook (pip install jupyterlab into it, or unset J2G_PYTHON)" >&2; exit 1; fi
elif command -v jupyter-lab >/dev/null 2>&1; then app=("$(command -v jupyter-lab)")
elif command -v jupyter-notebook >/dev/null 2>&1; then app=("$(command -v jupyter-notebook)")
elif command -v python3 >/dev/null 2>&1 && has_app python3 -m jupyterlab; then app=(python3 -m jupyterlab)
elif command -v python3 >/dev/null 2>&1 && has_app python3 -m notebook; then app=(python3 -m notebook)
else
  echo "npm run lab: no Jupyter found (looked at J2G_JUPYTER, J2G_PYTHON, jupyter-lab and jupyter-notebook on PATH, python3 -m jupyterlab/notebook). Install one (pip install jupyterlab, conda install jupyterlab, or Debian/Ubuntu: apt-get install jupyter-notebook), or name it with J2G_JUPYTER or J2G_PYTHON. Notebooks also run without Jupyter: npm run notebook -- NAME" >&2
  exit 1
fi

# J2G_LAB_DRY_RUN=1: say which Jupyter would start, and stop (the tests check the choice this way)
if [ -n "${J2G_LAB_DRY_RUN:-}" ]; then echo "npm run lab would run: ${app[*]} $*"; exit 0; fi

node --import tsx -e "import('./scripts/notebooks/tooling.ts').then((m) => { m.buildNotebookLib('.'); m.registerKernel('.', 'build/jupyter'); })"
export JUPYTER_PATH="$PWD/build/jupyter${JUPYTER_PATH:+:$JUPYTER_PATH}"

node --import tsx -e "import('./scripts/notebooks/tooling.ts').then((m) => m.watchNotebookLib('.'))" >build/kernel-lib-watch.log 2>&1 &
watcher=$!

# Jupyter refuses to start as root unless told; a container or CI shell is often root.
if [ "$(id -u)" -eq 0 ]; then app+=(--allow-root); fi
trap 'kill "$watcher" 2>/dev/null || true' EXIT

echo "kernel 'TypeScript (joules-to-gdp)' registered in build/jupyter; starting ${app[*]}; open notebooks/00-start-here.ipynb"
"${app[@]}" "$@"
