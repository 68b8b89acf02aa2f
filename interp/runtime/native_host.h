/*
 * native_host.h -- the one list of what native code calls back into the
 * library for (X-macro).  Native code (native.c) is the interpreter's own
 * vm.c compiled with one game's code; every function vm.c uses from the
 * rest of the library is reached through a table of pointers the library
 * hands it when it loads the code, because the library's symbols are
 * hidden.  nm on vm.c's object lists them: a function missing here makes
 * the generated code fail to link, and the library falls back to the VM.
 *
 * NATIVE_FN(return type, name, (parameters), (arguments))
 * NATIVE_VOID(name, (parameters), (arguments))
 */
NATIVE_FN(void *, pl_calloc, (size_t n, size_t size), (n, size))
NATIVE_FN(void *, pl_realloc_array, (void *p, size_t n, size_t size), (p, n, size))
NATIVE_FN(size_t, pl_grow_capacity, (size_t cap, size_t need), (cap, need))
NATIVE_FN(uint64_t, pl_hash_bytes_nocase, (uint64_t h, const void *bytes, size_t len), (h, bytes, len))
NATIVE_FN(const pl_masks *, pl_masks_of, (pl_state *st), (st))
NATIVE_FN(const uint64_t *, pl_input_mask, (pl_state *st, const pl_masks *m, int k), (st, m, k))
NATIVE_FN(int, pl_memo_seen, (pl_state *st, int k), (st, k))
NATIVE_FN(int, pl_state_board_repetitions, (const pl_state *st, int player), (st, player))
NATIVE_FN(int, pl_state_repetitions, (const pl_state *st, uint64_t hash), (st, hash))
NATIVE_VOID(pl_state_grow_trail, (pl_state *st), (st))
NATIVE_VOID(pl_state_grow_ltrail, (pl_state *st), (st))
NATIVE_FN(int, pl_vm_explain_error, (pl_state *st), (st))
NATIVE_FN(int, pl_vm_explain_fail, (pl_state *st, int pc), (st, pc))
NATIVE_VOID(pl_vm_explain_pick, (pl_state *st, const int32_t *code, int pc, int32_t v), (st, code, pc, v))
NATIVE_FN(int, pl_vm_explain_skip, (const pl_state *st), (st))
NATIVE_FN(int, pl_vm_explain_text, (pl_state *st), (st))
NATIVE_FN(int, pl_vm_explain_yield, (pl_state *st), (st))
NATIVE_VOID(pl_vm_note_collision, (pl_state *st, int existing, const char *text, int len), (st, existing, text, len))
/* the calling thread's pl_vm_collision_check (thread-local, collide.c) */
NATIVE_FN(int *, pl_vm_collision_check_of_thread, (void), ())
