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
