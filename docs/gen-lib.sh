# gen-lib.sh -- sourced by the docs/gen-*.sh scripts: a generated block of
# a Markdown file lives between <!-- NAME:begin --> and <!-- NAME:end -->
# lines, and is either rewritten from a table (-u) or compared with it (-c,
# which the `docs` test runs so that the documentation cannot drift).

# replace_block DOC NAME FILE: put FILE between the markers of DOC.
replace_block() {
    tmp="$1.tmp.$$"
    awk -v tf="$3" -v b="<!-- $2:begin -->" -v e="<!-- $2:end -->" '
        $0 == b { print; while ((getline l < tf) > 0) print l; skip = 1; next }
        $0 == e { skip = 0 }
        !skip' "$1" > "$tmp"
    mv "$tmp" "$1"
}

# check_block DOC NAME FILE: 0 when the block of DOC equals FILE; else
# show the difference and say how to regenerate it.
check_block() {
    tmp="${TMPDIR:-/tmp}/gen-check.$$"
    awk -v b="<!-- $2:begin -->" -v e="<!-- $2:end -->" '
        $0 == e { inside = 0 }
        inside
        $0 == b { inside = 1; found = 1 }
        END { if (!found) exit 1 }' "$1" > "$tmp" || {
        echo "$1: no <!-- $2:begin --> marker" >&2
        rm -f "$tmp"
        return 1
    }
    if ! diff -u "$tmp" "$3" >&2; then
        echo "$1: the $2 table is out of date; run $0 -u" >&2
        rm -f "$tmp"
        return 1
    fi
    rm -f "$tmp"
}

# generated MODE DOC NAME FUNCTION: the table FUNCTION prints, for block
# NAME of DOC: print it (no MODE), rewrite the block (-u) or check it (-c).
generated() {
    out="${TMPDIR:-/tmp}/gen-table.$$"
    "$4" > "$out"
    case "$1" in
    -u) replace_block "$2" "$3" "$out" ;;
    -c) check_block "$2" "$3" "$out" || { rm -f "$out"; return 1; } ;;
    *)  cat "$out" ;;
    esac
    rm -f "$out"
}
