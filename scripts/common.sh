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

# Builds the release scrollsim (progress on stderr) and prints the path of the executable.
release_scrollsim() {
    swift build -c release ${swift_flags[@]+"${swift_flags[@]}"} --product scrollsim >&2
    echo "$(swift build -c release ${swift_flags[@]+"${swift_flags[@]}"} --show-bin-path)/scrollsim"
}
