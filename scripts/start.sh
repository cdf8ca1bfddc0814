#!/usr/bin/env bash
# npm start: install, build, then serve the whole portal (gateway + API + three apps) on PORT (8080).
# The API migrates and seeds an empty DATA_DIR (./data) on its first start.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
ensure_pnpm
install_deps
build_all
echo "› serving the portal at http://localhost:${PORT:-8080}"
exec node apps/gateway/dist/server.js
