# Shared by the scripts in this directory and by .ci/run; source it, do not run it.
#
# SCROLLSIM_SCRATCH_PATH, when set, is passed to every swift command as --scratch-path (so
# several checkouts can build side by side without fighting over .build).

# The flags every swift build/test call gets, as the array swift_flags.
swift_flags=()
if [[ -n "${SCROLLSIM_SCRATCH_PATH:-}" ]]; then
    swift_flags+=(--scratch-path "$SCROLLSIM_SCRATCH_PATH")
fi

# The library products whose public API .ci/run api holds to .ci/api-baseline (and whose
# digests scripts/api-digests.sh writes).
api_products=(ScrollSimEngine ScrollSimKit ScrollSimTraces ScrollSimPresentation ScrollSimHarness)

# Makes sure a C library's development files (and pkg-config) are installed, for a SwiftPM
# system-library target that finds the library through pkg-config. Installs them only when
# pkg-config does not know MODULE, with apt-get (through sudo when not root) or Homebrew, and
# fails loudly when it cannot.
#   ensure_pkg_config_module MODULE WHAT APT_PACKAGE BREW_FORMULA
# BREW_FORMULA "-" means nothing is needed on macOS (the SDK has it); a Homebrew formula whose
# .pc file is keg-only is put on PKG_CONFIG_PATH.
ensure_pkg_config_module() {
    local module="$1" what="$2" apt="$3" brew="$4"
    if [[ "$(uname -s)" == Darwin && "$brew" == "-" ]]; then
        return 0
    fi
    if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists "$module"; then
        return 0
    fi
    echo "$what or pkg-config is missing; installing them" >&2
    case "$(uname -s)" in
        Darwin)
            if ! command -v brew >/dev/null 2>&1; then
                echo "error: Homebrew is needed to install $brew (https://brew.sh), or install $what and pkg-config yourself" >&2
                return 1
            fi
            brew install "$brew" pkg-config
            export PKG_CONFIG_PATH="$(brew --prefix "$brew")/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
            ;;
        Linux)
            if ! command -v apt-get >/dev/null 2>&1; then
                echo "error: no apt-get; install $what ($module.pc) and pkg-config with your package manager" >&2
                return 1
            fi
            local sudo=""
            if [[ "$(id -u)" -ne 0 ]]; then
                sudo=sudo
            fi
            $sudo apt-get update
            $sudo apt-get install -y "$apt" pkg-config
            ;;
        *)
            echo "error: cannot install $what on $(uname -s); install it and pkg-config yourself" >&2
            return 1
            ;;
    esac
    if ! pkg-config --exists "$module"; then
        echo "error: $what was installed but pkg-config still cannot find $module (check PKG_CONFIG_PATH)" >&2
        return 1
    fi
}

# The build package of one of Package.swift's system-library targets, installed when pkg-config
# does not know its module: the pkg-config module, apt package and Homebrew formula come from
# Package.swift through scripts/system-packages.sh, the one list.
#   ensure_system_library TARGET
ensure_system_library() {
    local target module apt brew
    read -r target module apt brew < <("$(dirname "${BASH_SOURCE[0]}")/system-packages.sh" modules | awk -v t="$1" '$1 == t')
    if [[ -z "${module:-}" ]]; then
        echo "error: Package.swift has no system library $1" >&2
        return 1
    fi
    ensure_pkg_config_module "$module" "$target's development files ($apt)" "$apt" "$brew"
}

# jemalloc: the harness's allocation counters (every run's simulator line, `bench`).
ensure_jemalloc() { ensure_system_library CJemalloc; }
# SQLite: the history database (ScrollSimHistory). macOS's SDK has SQLite, but its pkg-config
# file comes with Homebrew's sqlite.
ensure_sqlite() { ensure_system_library CSQLite; }
# zlib: gzip-compressed traces (ScrollSimTraces' reader). macOS's SDK has libz.
ensure_zlib() { ensure_system_library CZlib; }

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

# The flags of the release build that every script runs (run-scenarios, install, bench, CI)
# and that release.sh packs, as the array release_flags. On Linux the Swift runtime is linked in
# (--static-swift-stdlib; macOS ships it in the OS since 10.14.4): the dynamic linker then has
# no Swift or Foundation symbols to resolve when a command starts, about 5 ms of CPU less a
# command (`scrollsim --version`: 9-10 ms against 4.5-5 here), which every command of a CI
# loop pays. Its own scratch path (.build/release-static, or SCROLLSIM_SCRATCH_PATH) keeps it
# from rebuilding over a plain `swift build -c release`.
release_flags=(--scratch-path "${SCROLLSIM_SCRATCH_PATH:-.build/release-static}")
if [[ "$(uname -s)" == Linux ]]; then
    release_flags+=(--static-swift-stdlib)
    # The static Foundation (FoundationEssentials' Data+Writing, for atomic writes) refers to
    # mktemp, and the GNU linkers print "the use of `mktemp' is dangerous" for it at every
    # release link; nothing of ScrollSim calls it. LLVM's lld, which Swift toolchains ship beside
    # swift, reads no such link-time warnings: the release links with it when it is there.
    if [[ -x "$(dirname "$(command -v swift 2>/dev/null || echo /nonexistent)")/ld.lld" ]] || command -v ld.lld >/dev/null 2>&1; then
        release_flags+=(-Xswiftc -use-ld=lld)
    fi
fi

# Builds the release scrollsim (progress on stderr) and prints the path of the executable.
release_scrollsim() {
    ensure_build_dependencies >&2
    swift build -c release "${release_flags[@]}" --product scrollsim >&2
    echo "$(swift build -c release "${release_flags[@]}" --show-bin-path)/scrollsim"
}

# What every build of the package needs: each of Package.swift's system libraries
# (scripts/system-packages.sh table says which feature needs which). Installed when missing.
ensure_build_dependencies() {
    local target rest
    while read -r target rest; do
        ensure_system_library "$target" || return 1
    done < <("$(dirname "${BASH_SOURCE[0]}")/system-packages.sh" modules)
}

# Runs a command with TMPDIR set to a directory of its own: the tests' scratch folders (and
# SwiftPM's TemporaryDirectory.* ones, a few for each swift build or swift test) go there
# instead of piling up in /tmp, run after run. Removed when the command succeeds; kept, and
# named, when it fails, for what a failing test left to look at (the property test's scenario
# in play, for one).
with_scratch_tmpdir() {
    local scratch status=0
    scratch="$(mktemp -d "${TMPDIR:-/tmp}/scrollsim-tests.XXXXXX")"
    TMPDIR="$scratch" "$@" || status=$?
    if [[ "$status" -eq 0 ]]; then
        rm -rf "$scratch"
    else
        echo "${0##*/}: the tests' scratch files are kept in $scratch" >&2
    fi
    return "$status"
}
