#!/bin/sh
# gen-builtins.sh -- the builtin tables of docs/language.md, generated from
# lang/builtins.h so that the documentation never drifts from the code:
# the functions of section 8 (<!-- builtins:begin/end -->) and the builtin
# sets of section 9 (<!-- builtin-sets:begin/end -->).
#
#   docs/gen-builtins.sh        print both Markdown tables
#   docs/gen-builtins.sh -u     rewrite them in docs/language.md
#   docs/gen-builtins.sh -c     fail if docs/language.md is out of date (a test)
set -eu
here=$(dirname "$0")
. "$here/gen-lib.sh"
table_src="$here/../lang/builtins.h"
doc="$here/language.md"

# One row per BUILTIN (WANT=values), or per set name and set builtin
# (WANT=sets: the names first).  The signature is written from the argument columns: each
# kind has its letters (a second cell is `e`, a second number `m`), and
# the arguments after `min` are optional.
rows() {
    awk -v want="$1" '
    function field_split(line,    q, head) {
        q = index(line, "\"")
        head = substr(line, 1, q - 1)
        doc = substr(line, q + 1)
        sub(/"\)[ \t]*$/, "", doc)
        gsub(/\|/, "\\|", doc)
        sub(/^[A-Z_]*\(/, "", head)
        gsub(/[ \t]/, "", head)
        return split(head, f, ",")
    }
    function letter(kind) {
        used[kind]++
        if (kind == "CELL") return used[kind] == 1 ? "c" : "e"
        if (kind == "NUMBER") return used[kind] == 1 ? "n" : "m"
        if (kind == "CELLS") return used[kind] == 1 ? "A" : "B"
        return name_of[kind]
    }
    function signature(name, min, max,    s, i, a) {
        split("", used)
        s = name "("
        for (i = 1; i <= max; i++) {
            a = letter(f[3 + i])
            if (i > min) s = s "[" (i > 1 ? ", " : "") a "]"
            else s = s (i > 1 ? ", " : "") a
        }
        return s ")"
    }
    BEGIN {
        name_of["DIR"] = "d"; name_of["PLAYER"] = "P"; name_of["DSET"] = "D"
        name_of["KIND"] = "KIND"; name_of["SET"] = "x in S where C"
        name_of["NUMBER_OR_DIR"] = "n or d"; name_of["DIR_OR_DSET"] = "d or D"
        name_of["CELL_OR_CELLS"] = "c or S"
        type_of["NUMBER"] = "number"; type_of["CELL"] = "cell"
        type_of["DIR"] = "direction"; type_of["PLAYER"] = "player"
        type_of["KIND"] = "piece kind"; type_of["CELLS"] = "set of cells"
        type_of["NUMBERS"] = "set of numbers"
        if (want == "values") {
            print "| Function | Type | Meaning |"
            print "| --- | --- | --- |"
        } else {
            print "| Set | Type | Elements |"
            print "| --- | --- | --- |"
        }
    }
    /^BUILTIN\(/ {
        field_split($0)
        is_set = f[7] == "CELLS" || f[7] == "NUMBERS"
        if (want == "values" && !is_set)
            printf "| `%s` | %s | %s |\n", signature(f[1], f[2], f[3]), type_of[f[7]], doc
        if (want == "sets" && is_set)
            calls = calls sprintf("| `%s` | %s | %s |\n", signature(f[1], f[2], f[3]), type_of[f[7]], doc)
    }
    /^BUILTIN_NAME\(/ {
        field_split($0)
        if (want == "sets" && (f[2] == "CELLS" || f[2] == "NUMBERS"))
            printf "| `%s` | %s | %s |\n", f[1], type_of[f[2]], doc
    }
    END { printf "%s", calls }' "$table_src"
}

values_table() { rows values; }
sets_table() { rows sets; }

case "${1-}" in
-u|-c)
    generated "$1" "$doc" builtins values_table
    generated "$1" "$doc" builtin-sets sets_table ;;
*)
    values_table
    echo
    sets_table ;;
esac
