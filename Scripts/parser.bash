# Sourced by Scripts/install and Scripts/make-artifactbundle: which swift-syntax a release build of higlint uses.
#
# swift-syntax compiled into higlint parses about 5x faster than the toolchain's copy (built for library
# evolution), so a release build picks, in this order:
#
#   1. --swift-syntax PATH, or HIGLINT_SWIFT_SYNTAX_PATH=PATH (before HIGLINT_SWIFT_SYNTAX, as in Package.swift): a swift-syntax checkout, or a git bundle of one
#      (such as ../shared/mirrors/swift-syntax-603.0.1.bundle), cloned once under .build/swift-syntax-bundle;
#   2. the swift-syntax package (HIGLINT_SWIFT_SYNTAX=package) when its URL, or the mirror SwiftPM has for it
#      (`swift package config set-mirror`), answers `git ls-remote`;
#   3. otherwise the toolchain's copy, with a one-line notice of what that costs.
#
# HIGLINT_SWIFT_SYNTAX=toolchain skips 2. A source build has its own scratch path, .build/source-parser,
# so it never invalidates the default build in .build. On Linux it also links the Swift runtime and Foundation
# statically (--static-swift-stdlib): the binary then loads nothing from the toolchain, so the artifact bundle is
# that one file. The flag changes how every module is compiled, so Scripts/install, Scripts/make-artifactbundle
# and .ci/source-parser-tests all take their flags from here: one build serves the three. The toolchain's
# SwiftSyntax exists only as shared libraries, which a static runtime cannot share, so that build stays dynamic.
#
# choose_parser SCRIPT-NAME [PATH] (relative to $caller, the folder the script was run from, if set) sets:
#   parser_env    the environment for `swift build` (an array of NAME=VALUE, possibly empty)
#   parser_build  the `swift build` options: the scratch path and, on Linux, static linking (an array, possibly empty)

swift_syntax_url="https://github.com/swiftlang/swift-syntax.git"

# A checkout at $1 as is; a git bundle cloned (once per bundle head) under .build/swift-syntax-bundle/swift-syntax.
parser_checkout() {
    local given="$1" name="$2"
    if [ -d "$given" ]; then
        [ -f "$given/Package.swift" ] || { echo "$name: $given is not a swift-syntax checkout (no Package.swift)" >&2; return 1; }
        (cd "$given" && pwd)
        return
    fi
    [ -f "$given" ] || { echo "$name: no swift-syntax checkout or bundle at $given" >&2; return 1; }
    local head clone=".build/swift-syntax-bundle/swift-syntax"
    head=$(git bundle list-heads "$given" 2>/dev/null | awk 'NR == 1 { print $1 }')
    [ -n "$head" ] || { echo "$name: $given is neither a folder nor a git bundle" >&2; return 1; }
    # The folder's name is SwiftPM's identity for the package, and a stable path keeps incremental builds.
    if [ "$(git -C "$clone" rev-parse HEAD 2>/dev/null)" != "$head" ]; then
        rm -rf "$clone" && mkdir -p "$(dirname "$clone")"
        git clone -q "$given" "$clone" >&2 || { echo "$name: could not clone $given" >&2; return 1; }
        git -C "$clone" checkout -q --detach "$head" >&2
    fi
    (cd "$clone" && pwd)
}

# The `swift build` options of every source build.
source_build_options() {
    parser_build=(--scratch-path .build/source-parser)
    if [ "$(uname)" = Linux ]; then parser_build+=(--static-swift-stdlib); fi
}

choose_parser() {
    local name="$1" given="${2:-${HIGLINT_SWIFT_SYNTAX_PATH:-}}" checkout mirror
    parser_env=() parser_build=()
    case "$given" in /*|"") ;; *) given="${caller:-$PWD}/$given" ;; esac
    if [ -n "$given" ]; then
        checkout=$(parser_checkout "$given" "$name") || return 1
        parser_env=(HIGLINT_SWIFT_SYNTAX_PATH="$checkout")
        source_build_options
        echo "$name: building with swift-syntax from $checkout" >&2
        return
    fi
    if [ "${HIGLINT_SWIFT_SYNTAX:-}" = toolchain ]; then
        echo "note: HIGLINT_SWIFT_SYNTAX=toolchain: higlint will parse about 5x slower than with swift-syntax built from source" >&2
        return
    fi
    mirror=$(swift package config get-mirror --original "$swift_syntax_url" 2>/dev/null) || mirror="$swift_syntax_url"
    if GIT_TERMINAL_PROMPT=0 timeout 30 git ls-remote -q "${mirror:-$swift_syntax_url}" HEAD > /dev/null 2>&1; then
        parser_env=(HIGLINT_SWIFT_SYNTAX=package)
        source_build_options
        echo "$name: building with the swift-syntax package from ${mirror:-$swift_syntax_url}" >&2
        return
    fi
    echo "note: no swift-syntax checkout, bundle or network: building with the toolchain's SwiftSyntax, which parses about 5x slower (--swift-syntax PATH for the fast parser)" >&2
}
