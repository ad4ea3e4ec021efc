#!/usr/bin/env bash
# The one list of the system packages ScrollSim needs, derived from Package.swift's
# system-library targets (their pkgConfig and `providers:`), and the checks that every recipe
# agrees with it.
#
# Usage: scripts/system-packages.sh build     the Debian/Ubuntu packages a build needs (the apt providers, then pkg-config)
#        scripts/system-packages.sh runtime   the Debian/Ubuntu packages the release binary needs to run
#        scripts/system-packages.sh brew      the Homebrew formulae a build on macOS needs (then pkg-config)
#        scripts/system-packages.sh modules   each system-library target: TARGET PKG-CONFIG-MODULE APT-PACKAGE BREW-FORMULA ("-": none)
#        scripts/system-packages.sh libraries the shared libraries (as ldd names them) the release binary links beyond libc
#        scripts/system-packages.sh table     a Markdown table: which library serves which feature
#        scripts/system-packages.sh check-docs [ROOT]   every `apt-get install` and `brew install` of ScrollSim's
#                                             packages in README.md, Dockerfile, scripts/, .ci/, Examples/ and the DocC
#                                             articles names exactly the build or the runtime set (file:line when not)
#        scripts/system-packages.sh check-installed     the package that owns each module's .pc file is the one
#                                             documented (dpkg; needs no root; skipped without dpkg or pkg-config)
#        scripts/system-packages.sh check-apt           apt-get resolves the build and the runtime sets (a simulated
#                                             install, apt-get -s: no root; skipped without apt-get or its lists)
#        scripts/system-packages.sh check-ldd BINARY|-  the libraries ldd lists for BINARY (or ldd's output on stdin)
#                                             beyond glibc's and libgcc's are exactly the documented runtime libraries
#
# Exit status: 0 when everything agrees, 1 when something differs (each difference named on
# stderr), 2 on a usage error or when Package.swift has a system library this file has no row
# for (or a row Package.swift has no target for).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# What Package.swift cannot say: for each system-library target, the runtime package and the
# library the dynamic linker loads, and the feature that needs it. The build package and the
# pkg-config module are read from Package.swift itself.
#   TARGET|RUNTIME PACKAGE|LIBRARY|FEATURE
runtime_rows=(
    "CJemalloc|libjemalloc2|libjemalloc.so.2|the harness: allocations per frame on every run's simulator line, and \`bench\`"
    "CSQLite|libsqlite3-0|libsqlite3.so.0|\`history\` (the SQLite database of runs)"
    "CZlib|zlib1g|libz.so.1|reading gzip-compressed traces (\`calibrate\`, \`check-model\`)"
)
# Not a system-library target, but the release binary needs it: the Swift runtime linked into
# it (--static-swift-stdlib) calls the C++ standard library.
swift_runtime_row="-|libstdc++6|libstdc++.so.6|the Swift runtime inside the release binary"
# glibc's and libgcc's libraries, on every Linux system: not listed.
base_libraries='^(linux-vdso\.so\.[0-9]+|linux-gate\.so\.[0-9]+|ld-linux[-a-z0-9_.]*\.so\.[0-9]+|libc\.so\.6|libm\.so\.6|libgcc_s\.so\.1|libpthread\.so\.0|libdl\.so\.2|librt\.so\.1|libutil\.so\.1|libresolv\.so\.2)$'

die() { echo "system-packages: $*" >&2; exit 2; }

# Package.swift's system libraries, one a line: TARGET MODULE APT BREW ("-" when none).
package_modules() {
    awk '
        /\.systemLibrary\(/ { inside = 1; name = ""; module = ""; apt = "-"; brew = "-" }
        inside && /name:/ { if (match($0, /name: *"[^"]+"/)) { s = substr($0, RSTART, RLENGTH); sub(/name: *"/, "", s); sub(/"$/, "", s); name = s } }
        inside && /pkgConfig:/ { if (match($0, /pkgConfig: *"[^"]+"/)) { s = substr($0, RSTART, RLENGTH); sub(/pkgConfig: *"/, "", s); sub(/"$/, "", s); module = s } }
        inside && /\.apt\(/ { if (match($0, /\.apt\(\[[^]]*\]/)) { s = substr($0, RSTART, RLENGTH); sub(/\.apt\(\[/, "", s); sub(/\]$/, "", s); gsub(/[" ]/, "", s); gsub(/,/, " ", s); apt = s } }
        inside && /\.brew\(/ { if (match($0, /\.brew\(\[[^]]*\]/)) { s = substr($0, RSTART, RLENGTH); sub(/\.brew\(\[/, "", s); sub(/\]$/, "", s); gsub(/[" ]/, "", s); gsub(/,/, " ", s); brew = s } }
        inside && /^ *\),?$/ { print name, module, apt, brew; inside = 0 }
    ' "${package_root:-$here}/Package.swift"
}

# The rows, checked against Package.swift: TARGET|RUNTIME|LIBRARY|FEATURE, the targets' order.
rows() {
    local target module apt brew row found
    local -a targets=()
    while read -r target module apt brew; do
        [[ -n "$target" && -n "$module" && "$apt" != "-" ]] || die "Package.swift: a system library without a name, pkgConfig or apt provider ($target)"
        targets+=("$target")
        found=""
        for row in "${runtime_rows[@]}"; do
            [[ "${row%%|*}" == "$target" ]] && found="$row"
        done
        [[ -n "$found" ]] || die "Package.swift declares the system library $target, but scripts/system-packages.sh has no runtime row for it (its runtime package, library and feature)"
        echo "$found"
    done < <(package_modules)
    for row in "${runtime_rows[@]}"; do
        [[ " ${targets[*]} " == *" ${row%%|*} "* ]] || die "scripts/system-packages.sh has a runtime row for ${row%%|*}, which Package.swift does not declare"
    done
}

build_packages() {
    local target module apt brew list=()
    while read -r target module apt brew; do list+=($apt); done < <(package_modules)
    echo "${list[*]} pkg-config"
}

brew_formulae() {
    local target module apt brew list=()
    while read -r target module apt brew; do [[ "$brew" != "-" ]] && list+=($brew); done < <(package_modules)
    echo "${list[*]} pkg-config"
}

# Field N (1: runtime package, 2: library) of every row, the Swift runtime's last.
runtime_field() {
    local row fields list=()
    while IFS= read -r row; do
        IFS='|' read -r -a fields <<<"$row"
        list+=("${fields[$1]}")
    done < <(rows; echo "$swift_runtime_row")
    echo "${list[*]}"
}

runtime_packages() { runtime_field 1; }
runtime_libraries() { runtime_field 2; }

table() {
    local target module apt brew row fields
    echo "| library | needed for | build (Debian/Ubuntu) | run (Debian/Ubuntu) | macOS |"
    echo "|---|---|---|---|---|"
    while read -r target module apt brew; do
        for row in "${runtime_rows[@]}"; do
            IFS='|' read -r -a fields <<<"$row"
            [[ "${fields[0]}" == "$target" ]] || continue
            echo "| \`${fields[2]}\` (\`$target\`, pkg-config \`$module\`) | ${fields[3]} | \`$apt\` | \`${fields[1]}\` | $([[ "$brew" == "-" ]] && echo "in the SDK" || echo "Homebrew \`$brew\`") |"
        done
    done < <(package_modules)
    IFS='|' read -r -a fields <<<"$swift_runtime_row"
    echo "| \`${fields[2]}\` | ${fields[3]} | (with the toolchain) | \`${fields[1]}\` | in the OS |"
}

# The set of words in a list, sorted, one line.
set_of() { tr ' ' '\n' <<<"$*" | { grep -v '^$' || true; } | sort -u | tr '\n' ' ' | sed 's/ $//'; }

# Every `apt-get install` / `brew install` line that names one of ScrollSim's packages must name
# exactly the build set or the runtime set (Homebrew: the formulae). Lines that install
# something else alone (chromium, a variable) are not ScrollSim's recipes and are left alone.
check_docs() {
    local root="${1:-$here}" status=0 build runtime brew ours file number line words packages set
    build="$(set_of "$(build_packages)")"
    runtime="$(set_of "$(runtime_packages)")"
    brew="$(set_of "$(brew_formulae)")"
    # Every package name anyone might write for these libraries, old or new.
    ours=" $build $runtime $brew libssl-dev libssl3 libssl1.1 openssl libjemalloc1 sqlite3 libsqlite3 zlib libz-dev "
    local -a files=()
    while IFS= read -r file; do files+=("$file"); done < <(
        cd "$root" && {
            ls README.md Dockerfile 2>/dev/null
            find scripts .ci Examples Sources -type f \( -name '*.md' -o -name '*.sh' -o -name '*.yml' -o -name '*.yaml' -o -name 'run' -o -name 'Dockerfile' \) 2>/dev/null
            find scripts -maxdepth 1 -type f ! -name '*.*' 2>/dev/null
        } | grep -v '^scripts/system-packages\.sh$' | sort -u)
    for file in "${files[@]}"; do
        while IFS=: read -r number line; do
            # The words after each "apt-get install" / "apt install" / "brew install" on the line.
            while read -r words; do
                [[ -n "$words" ]] || continue
                local kind="${words%% *}" rest="${words#* }" word
                packages=""
                for word in $rest; do
                    case "$word" in
                        -*) continue ;;
                        '&&'|'||'|';'|'|'|'#'*) break ;;
                    esac
                    word="${word#\`}"
                    # A code span, a sentence or a shell list ends at `, ",", ";" or ")".
                    local end="${word%%[\`,\;\)]*}"
                    [[ "$end" =~ ^[a-z0-9][a-z0-9.+-]*$ ]] || break
                    packages+="$end "
                    [[ "$end" == "$word" ]] || break
                done
                set="$(set_of "$packages")"
                [[ -n "$set" ]] || continue
                local mine=0 p
                for p in $set; do [[ "$ours" == *" $p "* ]] && mine=1; done
                [[ "$mine" -eq 1 ]] || continue
                if [[ "$kind" == brew ]]; then
                    # To build: the formulae and pkg-config; to run a release binary: the formulae.
                    [[ "$set" == "$brew" || "$set" == "$(set_of "${brew/pkg-config/}")" ]] && continue
                    echo "$file:$number: brew install names \"$set\"; Package.swift's Homebrew providers are \"$brew\" (pkg-config only to build)" >&2
                else
                    [[ "$set" == "$build" || "$set" == "$runtime" ]] && continue
                    echo "$file:$number: apt-get install names \"$set\"; the build needs \"$build\", the release binary \"$runtime\" (scripts/system-packages.sh)" >&2
                fi
                status=1
            done < <(grep -oE '(apt-get|apt|brew) +install[^&|;#]*' <<<"$line" | sed -E 's/^(apt-get|apt) +install/apt/; s/^brew +install/brew/')
        done < <(cd "$root" && grep -nE '(apt-get|apt|brew) +install' "$file" || true)
    done
    [[ "$status" -eq 0 ]] && echo "ok: every recipe names the build set ($build), the runtime set ($runtime) or the Homebrew set ($brew)" >&2
    return "$status"
}

check_installed() {
    local target module apt brew pc owner status=0
    if ! command -v dpkg >/dev/null 2>&1 || ! command -v pkg-config >/dev/null 2>&1; then
        echo "note: no dpkg or pkg-config here; which package provides each module is not checked" >&2
        return 0
    fi
    while read -r target module apt brew; do
        if ! pkg-config --exists "$module"; then
            echo "$target: pkg-config does not find $module; install $apt" >&2
            status=1
            continue
        fi
        pc="$(readlink -f "$(pkg-config --variable=pcfiledir "$module")/$module.pc")"
        owner="$(dpkg -S "$pc" 2>/dev/null || dpkg -S "${pc#/usr}" 2>/dev/null || true)"
        owner="${owner%%:*}"
        if [[ "$owner" != "$apt" ]]; then
            echo "$target: $pc (pkg-config $module) comes from ${owner:-no package}, but Package.swift names $apt" >&2
            status=1
        else
            echo "ok: $target: pkg-config $module from $apt" >&2
        fi
    done < <(package_modules)
    return "$status"
}

# The recipes' install commands, simulated (apt-get -s needs no root): every package of both
# sets exists in this machine's archive and installs without a conflict.
check_apt() {
    local set status=0 output
    if ! command -v apt-get >/dev/null 2>&1 || ! compgen -G '/var/lib/apt/lists/*Packages*' >/dev/null; then
        echo "note: no apt-get or no package lists here (apt-get update needs root); the recipes' installs are not simulated" >&2
        return 0
    fi
    for set in "$(build_packages)" "$(runtime_packages)"; do
        # shellcheck disable=SC2086
        if output="$(apt-get -s install -y $set 2>&1)"; then
            echo "ok: apt-get -s install -y $set" >&2
        else
            echo "apt-get -s install -y $set fails here:" >&2
            grep -E '^(E|W):' <<<"$output" >&2 || echo "$output" | tail -5 >&2
            status=1
        fi
    done
    return "$status"
}

# Reads ldd's output (stdin), compares its libraries beyond the base ones with the documented.
check_ldd_output() {
    local listed documented status=0 library
    listed="$(awk '{ print $1 }' | sed 's|.*/||' | grep -Ev "$base_libraries" | sort -u | tr '\n' ' ' | sed 's/ $//')"
    documented="$(set_of "$(runtime_libraries)")"
    for library in $listed; do
        [[ " $documented " == *" $library "* ]] || { echo "ldd lists $library, which the documented runtime libraries ($documented) leave out" >&2; status=1; }
    done
    for library in $documented; do
        [[ " $listed " == *" $library "* ]] || { echo "the documented runtime library $library is not in ldd's list ($listed)" >&2; status=1; }
    done
    [[ "$status" -eq 0 ]] && echo "ok: the binary links exactly the documented runtime libraries: $documented" >&2
    return "$status"
}

case "${1:-}" in
    build) rows >/dev/null; build_packages ;;
    runtime) rows >/dev/null; runtime_packages ;;
    brew) rows >/dev/null; brew_formulae ;;
    modules) rows >/dev/null; package_modules ;;
    libraries) rows >/dev/null; runtime_libraries ;;
    table) rows >/dev/null; table ;;
    check-docs) package_root="${2:-$here}"; rows >/dev/null; check_docs "$package_root" ;;
    check-installed) rows >/dev/null; check_installed ;;
    check-apt) rows >/dev/null; check_apt ;;
    check-ldd)
        rows >/dev/null
        [[ -n "${2:-}" ]] || die "usage: scripts/system-packages.sh check-ldd BINARY|-"
        if [[ "$2" == - ]]; then
            check_ldd_output
        else
            [[ -f "$2" ]] || die "$2: no such file"
            LD_LIBRARY_PATH= ldd "$2" | check_ldd_output
        fi
        ;;
    -h|--help) sed -n '2,26p' "$0" | sed 's/^# \{0,1\}//' ;;
    *) die "usage: scripts/system-packages.sh build|runtime|brew|modules|libraries|table|check-docs [ROOT]|check-installed|check-apt|check-ldd BINARY|-" ;;
esac
