#!/bin/sh
# gen-opcodes.sh -- the opcode table of docs/bytecode.md, generated from
# lang/opcodes.h so that the documentation never drifts from the code.
#
#   docs/gen-opcodes.sh        print the Markdown table
#   docs/gen-opcodes.sh -u     rewrite it in docs/bytecode.md, between the
#                              <!-- opcodes:begin --> and <!-- opcodes:end -->
#                              markers
#   docs/gen-opcodes.sh -c     fail if docs/bytecode.md is out of date (a test)
set -eu
here=$(dirname "$0")
. "$here/gen-lib.sh"
ops="$here/../lang/opcodes.h"
doc="$here/bytecode.md"

table() {
    # OP(name, nops, k1, k2, k3, k4, pop, push, "meaning"): the meaning may
    # hold commas, so split the fields before the first quote only.
    awk '
    /^OP\(/ {
        line = $0
        q = index(line, "\"")
        head = substr(line, 4, q - 4)
        doc = substr(line, q + 1)
        sub(/"\)[ \t]*$/, "", doc)
        gsub(/\|/, "\\|", doc)
        gsub(/[ \t]/, "", head)
        n = split(head, f, ",")
        ops = ""
        for (i = 1; i <= f[2]; i++)
            ops = ops (i > 1 ? ", " : "") substr("abcd", i, 1) ":" f[2 + i]
        printf "| %d | `%s` | %s | %s | %s | %s |\n", nr++, f[1], ops, f[7], f[8], doc
    }
    BEGIN {
        nr = 0
        print "| # | Opcode | Operands | Pop | Push | Meaning |"
        print "|--:|--------|----------|----:|-----:|---------|"
    }' "$ops"
}

generated "${1-}" "$doc" opcodes table
