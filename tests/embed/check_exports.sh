#!/bin/sh
# check_exports.sh LIBPLATEAU.so PLATEAU.H -- the shared library exports
# exactly the functions plateau.h declares with PL_API: no internal symbol
# (lexer, parser, compiler, engines) leaks, and nothing declared is missing.
set -eu
lib=$1 header=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/plateau-nm.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

nm -D --defined-only "$lib" | awk 'NF == 3 { print $3 }' | sort -u >"$tmp/exported"
# A declaration is "PL_API <type> name(" on one line (the header's style).
grep -o '^PL_API [^(]*(' "$header" | sed 's/($//; s/.*[ *]//' | sort -u >"$tmp/declared"
[ -s "$tmp/declared" ] || { echo "no PL_API declaration found in $header" >&2; exit 1; }
[ -s "$tmp/exported" ] || { echo "nm found no exported symbol in $lib" >&2; exit 1; }

status=0
extra=$(comm -23 "$tmp/exported" "$tmp/declared")
if [ -n "$extra" ]; then
    echo "exported but not declared in plateau.h:" >&2
    echo "$extra" >&2
    status=1
fi
missing=$(comm -13 "$tmp/exported" "$tmp/declared")
if [ -n "$missing" ]; then
    echo "declared in plateau.h but not exported:" >&2
    echo "$missing" >&2
    status=1
fi
[ $status -eq 0 ] && echo "exports: $(wc -l <"$tmp/exported") pl_ functions, all declared"
exit $status
