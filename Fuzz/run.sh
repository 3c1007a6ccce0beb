#!/usr/bin/env bash
# Fuzzes HIGLint's whole pipeline (parse, model, every rule, every fix) with libFuzzer.
#
#   Fuzz/run.sh [SECONDS] [libFuzzer options…]   run for SECONDS (default 600; 0 = until stopped)
#   Fuzz/run.sh ci                               60 s from the seeds alone, seed 1: what .ci/run does
#   Fuzz/run.sh 3600 -fork=1 -ignore_crashes=1   an hour, going on after a crash to collect more
#   Fuzz/run.sh repro CRASH-FILE                 run one input again, e.g. a crash-… file
#
# Builds Fuzz/FuzzTarget.swift and the HIGLintSwiftUI, HIGLintProject, HIGLintCore and HIGLintRules sources with
# `swiftc -sanitize=fuzzer,address` into .build/fuzz/, linked to the toolchain's SwiftSyntax in
# lib/swift/host (as Package.swift does). The corpus grows in .build/fuzz/corpus, seeded from
# Examples/ and the rules' examples (Fuzz/seeds.sh); crashes and hangs land in .build/fuzz/findings.
# Linux toolchains ship libFuzzer; Xcode's does not.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=.build/fuzz
mkdir -p "$out/modules" "$out/corpus" "$out/findings"

swiftc_path=$(command -v swiftc)
host=$(cd "$(dirname "$(readlink -f "$swiftc_path")")/../lib/swift/host" && pwd)
[ -e "$host/SwiftParser.swiftmodule" ] || { echo "fuzz: no SwiftParser in $host" >&2; exit 1; }
syntax=(-lSwiftSyntax -lSwiftParser -lSwiftDiagnostics -lSwiftParserDiagnostics -lSwiftBasicFormat)
flags=(-O -sanitize=fuzzer,address -parse-as-library -I "$out/modules" -I "$host")

# Rebuilds only when a source is newer than the target.
target="$out/higlint-fuzz"
sources=$(find Sources/HIGLintSwiftUI Sources/HIGLintProject Sources/HIGLintCore Sources/HIGLintRules Fuzz -name '*.swift')
if [ ! -x "$target" ] || [ -n "$(find $sources -newer "$target" | head -1)" ]; then
    echo "fuzz: building $target" >&2
    objects=()
    for module in HIGLintSwiftUI HIGLintProject HIGLintCore HIGLintRules; do
        swiftc "${flags[@]}" -module-name "$module" -wmo -c $(find "Sources/$module" -name '*.swift') \
            -emit-module -emit-module-path "$out/modules/$module.swiftmodule" -o "$out/$module.o"
        objects+=("$out/$module.o")
    done
    swiftc "${flags[@]}" -module-name HIGLintFuzz Fuzz/FuzzTarget.swift "${objects[@]}" \
        -L "$host" "${syntax[@]}" -Xlinker -rpath -Xlinker "$host" -o "$target"
fi

if [ "${1:-}" = repro ]; then
    shift
    exec "$target" "$@"
fi

seeds="$out/seeds"
Fuzz/seeds.sh "$seeds"
corpus="$out/corpus"
if [ "${1:-}" = ci ]; then
    # Reproducible: a fresh corpus grown from the seeds only, and a fixed random seed.
    shift
    corpus=$(mktemp -d)
    trap 'rm -rf "$corpus"' EXIT
    set -- 60 -seed=1 "$@"
fi
seconds=${1:-600}
shift || true
# Up to 16 KiB per input: enough for 5,000-deep nesting of one-byte brackets.
export ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}"
"$target" "$corpus" "$seeds" -max_total_time="$seconds" -max_len=16384 -timeout=20 -rss_limit_mb=4096 -detect_leaks=0 \
    -dict=Fuzz/swiftui.dict -artifact_prefix="$out/findings/" -print_final_stats=1 "$@"
