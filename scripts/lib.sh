# Shared by start.sh and test.sh: find (or fetch from the npm registry) the pinned pnpm.
PNPM_VERSION="$(node -p "require('./package.json').packageManager.split('@')[1]")"

ensure_pnpm() {
  if command -v pnpm >/dev/null 2>&1 && [ "$(pnpm --version 2>/dev/null)" = "$PNPM_VERSION" ]; then
    PNPM=(pnpm)
  else
    # corepack's signature check fails on some machines; a local install needs no root.
    if [ ! -x .tools/node_modules/.bin/pnpm ] || [ "$(.tools/node_modules/.bin/pnpm --version)" != "$PNPM_VERSION" ]; then
      echo "› installing pnpm@$PNPM_VERSION into .tools/"
      npm install --silent --no-audit --no-fund --prefix .tools "pnpm@$PNPM_VERSION" >/dev/null
    fi
    PNPM=("$PWD/.tools/node_modules/.bin/pnpm")
  fi
  export PATH="$(dirname "$(command -v "${PNPM[0]}")"):$PATH"
}

# Turbo's cache lives outside the checkout so fresh clones on this machine reuse earlier builds.
export TURBO_CACHE_DIR="${TURBO_CACHE_DIR:-$HOME/.cache/smb-portal/turbo}"
export TURBO_TELEMETRY_DISABLED=1
export NPM_CONFIG_UPDATE_NOTIFIER=false

install_deps() {
  "${PNPM[@]}" install --frozen-lockfile --prefer-offline
}

build_all() {
  "${PNPM[@]}" exec turbo run build --cache-dir="$TURBO_CACHE_DIR" --output-logs=errors-only
}

# PostgreSQL search reads a RUM index when the rum extension is there (apps/api/src/db/search-index.ts)
# and the GIN index otherwise: install Debian's postgresql-<major>-rum for each local server version
# when DATABASE_URL is set and apt is available. Quiet, and never fatal (the API says so at start).
ensure_pg_rum() {
  [ -n "${DATABASE_URL:-}" ] || return 0
  command -v apt-get >/dev/null 2>&1 || return 0
  local sudo=() dir major
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null || return 0
    sudo=(sudo -n)
  fi
  for dir in /usr/lib/postgresql/*/; do
    major="$(basename "$dir")"
    [ -d "$dir" ] || continue
    [ -f "/usr/share/postgresql/$major/extension/rum.control" ] && continue
    echo "› installing postgresql-$major-rum (PostgreSQL search index)"
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "postgresql-$major-rum" >/dev/null 2>&1 ||
      { "${sudo[@]}" apt-get update -qq >/dev/null 2>&1 &&
        DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "postgresql-$major-rum" >/dev/null 2>&1; } ||
      echo "  postgresql-$major-rum not installed; PostgreSQL search falls back to the GIN index"
  done
  return 0
}
