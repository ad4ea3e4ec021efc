# Shared by the scripts in this directory and by .ci/run; source it, do not run it.
#
# SCROLLSIM_SCRATCH_PATH, when set, is passed to every swift command as --scratch-path (so
# several checkouts can build side by side without fighting over .build).

# The flags every swift build/test call gets, as the array swift_flags.
swift_flags=()
if [[ -n "${SCROLLSIM_SCRATCH_PATH:-}" ]]; then
    swift_flags+=(--scratch-path "$SCROLLSIM_SCRATCH_PATH")
fi

# Makes sure jemalloc's development files (and pkg-config) are installed: the CJemalloc system
# library target finds jemalloc through pkg-config. Installs them only when missing, with apt-get
# (through sudo when not root) or Homebrew, and fails loudly when it cannot.
ensure_jemalloc() {
    if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists jemalloc; then
        return 0
    fi
    echo "jemalloc or pkg-config is missing; installing them" >&2
    case "$(uname -s)" in
        Darwin)
            if ! command -v brew >/dev/null 2>&1; then
                echo "error: Homebrew is needed to install jemalloc (https://brew.sh), or install jemalloc and pkg-config yourself" >&2
                return 1
            fi
            brew install jemalloc pkg-config
            ;;
        Linux)
            if ! command -v apt-get >/dev/null 2>&1; then
                echo "error: no apt-get; install jemalloc's development files and pkg-config with your package manager" >&2
                return 1
            fi
            local sudo=""
            if [[ "$(id -u)" -ne 0 ]]; then
                sudo=sudo
            fi
            $sudo apt-get update
            $sudo apt-get install -y libjemalloc-dev pkg-config
            ;;
        *)
            echo "error: cannot install jemalloc on $(uname -s); install it and pkg-config yourself" >&2
            return 1
            ;;
    esac
    if ! pkg-config --exists jemalloc; then
        echo "error: jemalloc was installed but pkg-config still cannot find it (check PKG_CONFIG_PATH)" >&2
        return 1
    fi
}

# Makes sure SQLite's development files (and pkg-config) are installed: the CSQLite system
# library target (the history database, ScrollSimHistory) finds SQLite through pkg-config's
# sqlite3. Installs them only when missing, with apt-get (through sudo when not root) or
# Homebrew, and fails loudly when it cannot. macOS's SDK has SQLite, but its pkg-config file
# comes with Homebrew's sqlite.
ensure_sqlite() {
    if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists sqlite3; then
        return 0
    fi
    echo "SQLite's development files or pkg-config are missing; installing them" >&2
    case "$(uname -s)" in
        Darwin)
            if ! command -v brew >/dev/null 2>&1; then
                echo "error: Homebrew is needed to install sqlite (https://brew.sh), or install sqlite and pkg-config yourself" >&2
                return 1
            fi
            brew install sqlite pkg-config
            export PKG_CONFIG_PATH="$(brew --prefix sqlite)/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
            ;;
        Linux)
            if ! command -v apt-get >/dev/null 2>&1; then
                echo "error: no apt-get; install SQLite's development files (sqlite3.pc) and pkg-config with your package manager" >&2
                return 1
            fi
            local sudo=""
            if [[ "$(id -u)" -ne 0 ]]; then
                sudo=sudo
            fi
            $sudo apt-get update
            $sudo apt-get install -y libsqlite3-dev pkg-config
            ;;
        *)
            echo "error: cannot install SQLite on $(uname -s); install its development files and pkg-config yourself" >&2
            return 1
            ;;
    esac
    if ! pkg-config --exists sqlite3; then
        echo "error: SQLite was installed but pkg-config still cannot find sqlite3 (check PKG_CONFIG_PATH)" >&2
        return 1
    fi
}

# Makes sure OpenSSL's libcrypto development files are installed on Linux: ScrollSimKit hashes
# imported traces (SHA-256, for provenance) with it through the CCrypto system library target,
# found by pkg-config (libcrypto.pc, Debian package libssl-dev). On macOS ScrollSimKit uses
# CommonCrypto from the SDK, so nothing is needed. Installs only when missing, with apt-get
# (through sudo when not root), and fails loudly when it cannot.
ensure_openssl() {
    if [[ "$(uname -s)" != Linux ]]; then
        return 0
    fi
    if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libcrypto; then
        return 0
    fi
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "error: no apt-get; install OpenSSL's development files (libcrypto) and pkg-config with your package manager" >&2
        return 1
    fi
    echo "libcrypto (libssl-dev) or pkg-config is missing; installing them" >&2
    local sudo=""
    if [[ "$(id -u)" -ne 0 ]]; then
        sudo=sudo
    fi
    $sudo apt-get update
    $sudo apt-get install -y libssl-dev pkg-config
    if ! pkg-config --exists libcrypto; then
        echo "error: libssl-dev was installed but pkg-config still cannot find libcrypto (check PKG_CONFIG_PATH)" >&2
        return 1
    fi
}

# Installs Chromium for the browser check of the HTML pages (Tests/ScrollSimKitTests/BrowserTests.swift)
# on Debian/Ubuntu when it is missing. Elsewhere it only says so: the browser test then skips
# with the reason, and everything else still runs.
ensure_chromium() {
    if command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || command -v google-chrome >/dev/null 2>&1; then
        return 0
    fi
    if [[ "$(uname -s)" == Linux ]] && command -v apt-get >/dev/null 2>&1; then
        echo "chromium is missing; installing it for the browser check of the HTML pages" >&2
        local sudo=""
        if [[ "$(id -u)" -ne 0 ]]; then
            sudo=sudo
        fi
        $sudo apt-get update
        $sudo apt-get install -y chromium
    else
        echo "note: Chromium is not installed; the browser check of the HTML pages will be skipped" >&2
    fi
}

# Installs the two JSON Schema validators the schema tests run the committed schemas through
# (Tests/ScrollSimKitTests/SchemaValidatorsTests.swift): Python's jsonschema and
# check-jsonschema, from PyPI with pip (--user when not root and outside a virtualenv). Only
# when missing; where there is no python3 or pip it says so, and those tests skip with the
# reason.
ensure_schema_validators() {
    if python3 -c 'import jsonschema' >/dev/null 2>&1 && command -v check-jsonschema >/dev/null 2>&1; then
        return 0
    fi
    if ! command -v python3 >/dev/null 2>&1 || ! python3 -m pip --version >/dev/null 2>&1; then
        echo "note: python3 or pip is missing; the JSON Schema validator tests will be skipped" >&2
        return 0
    fi
    echo "jsonschema or check-jsonschema is missing; installing them with pip" >&2
    local user=()
    if [[ "$(id -u)" -ne 0 && -z "${VIRTUAL_ENV:-}" ]]; then
        user=(--user)
        export PATH="$(python3 -m site --user-base)/bin:$PATH"
    fi
    python3 -m pip install --quiet ${user[@]+"${user[@]}"} jsonschema check-jsonschema
    command -v pyenv >/dev/null 2>&1 && pyenv rehash >/dev/null 2>&1 || true
}

# Builds the release scrollsim (progress on stderr) and prints the path of the executable.
release_scrollsim() {
    ensure_sqlite >&2
    ensure_openssl >&2
    swift build -c release ${swift_flags[@]+"${swift_flags[@]}"} --product scrollsim >&2
    echo "$(swift build -c release ${swift_flags[@]+"${swift_flags[@]}"} --show-bin-path)/scrollsim"
}
