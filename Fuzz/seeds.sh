#!/usr/bin/env bash
# Writes the fuzz seed corpus to FOLDER: every Swift file and Contents.json of Examples/, every rule's
# examples and corrections (as `higlint explain` prints them, when a higlint binary is built), and the
# inputs the fuzzer once crashed or stalled on (Tests/HIGLintCoreTests/Fixtures/Fuzz).
set -euo pipefail
cd "$(dirname "$0")/.."
folder=$1
rm -rf "$folder" && mkdir -p "$folder"
n=0
while IFS= read -r -d '' file; do
    cp "$file" "$folder/seed-$n"
    n=$((n + 1))
done < <(find Examples -name '*.swift' -print0 -o -name Contents.json -print0; \
         [ -d Tests/HIGLintCoreTests/Fixtures/Fuzz ] && find Tests/HIGLintCoreTests/Fixtures/Fuzz -type f -print0)
for higlint in .build/release/higlint .build/debug/higlint; do
    [ -x "$higlint" ] || continue
    for id in $("$higlint" rules | tail -n +2 | awk '{print $1}'); do
        "$higlint" explain "$id" > "$folder/rule-$id"
    done
    break
done
