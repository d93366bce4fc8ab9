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

if command -v jupyter-lab >/dev/null 2>&1; then app=(jupyter-lab)
elif command -v jupyter-notebook >/dev/null 2>&1; then app=(jupyter-notebook)
else
  echo "npm run lab: no Jupyter found. Install it (Debian/Ubuntu: apt-get install -y jupyter-notebook jupyter-client jupyter-nbconvert python3-nbclient; elsewhere: pip install jupyterlab)" >&2
  exit 1
fi

node --import tsx -e "import('./scripts/notebooks/tooling.ts').then((m) => { m.buildNotebookLib('.'); m.registerKernel('.', 'build/jupyter'); })"
export JUPYTER_PATH="$PWD/build/jupyter${JUPYTER_PATH:+:$JUPYTER_PATH}"

node --import tsx -e "import('./scripts/notebooks/tooling.ts').then((m) => m.watchNotebookLib('.'))" >build/kernel-lib-watch.log 2>&1 &
watcher=$!

# Jupyter refuses to start as root unless told; a container or CI shell is often root.
if [ "$(id -u)" -eq 0 ]; then app+=(--allow-root); fi
trap 'kill "$watcher" 2>/dev/null || true' EXIT

echo "kernel 'TypeScript (joules-to-gdp)' registered in build/jupyter; start with notebooks/00-start-here.ipynb"
"${app[@]}" "$@"
