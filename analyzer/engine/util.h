/*
 * util: the arena every translation unit's facts and strings live in, and a growable
 * vector of pointers. Knows nothing of libclang or regmap. An arena is freed at once by
 * rml_arena_fini(); nothing allocated from it is freed on its own.
 */
#ifndef RML_UTIL_H
#define RML_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RML_FORMAT(a, b) __attribute__((format(printf, a, b)))
#define RML_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define RML_STR_(x) #x
#define RML_STR(x) RML_STR_(x)	/* a macro's value as a string literal */

struct rml_arena_chunk;

struct rml_arena {
	struct rml_arena_chunk *head;
	size_t used_bytes;
};

void rml_arena_init(struct rml_arena *a);
void rml_arena_fini(struct rml_arena *a);
/* Zeroed memory; aborts the process only if malloc itself fails. */
void *rml_arena_alloc(struct rml_arena *a, size_t size);
char *rml_arena_strdup(struct rml_arena *a, const char *s);
char *rml_arena_strndup(struct rml_arena *a, const char *s, size_t n);
char *rml_arena_printf(struct rml_arena *a, const char *fmt, ...) RML_FORMAT(2, 3);
char *rml_arena_vprintf(struct rml_arena *a, const char *fmt, va_list ap) RML_FORMAT(2, 0);

/* A vector of pointers; the pointed-to objects belong to someone else (usually an arena). */
struct rml_ptrvec {
	void **p;
	size_t n, cap;
};

void rml_ptrvec_push(struct rml_ptrvec *v, void *ptr);
void rml_ptrvec_fini(struct rml_ptrvec *v);

/*
 * A string-keyed multimap in an arena: each key's objects in the order they were filed.
 * Zero-initialised is empty; it grows in the arena and goes with it (nothing to free).
 */
struct rml_namelist {
	const char *key;	/* borrowed */
	void **p;		/* the objects filed under key, oldest first */
	size_t n, cap;
};

struct rml_namemap {
	struct rml_namelist *v;
	size_t n, cap;		/* keys, and slots (a power of two) */
};

void rml_namemap_add(struct rml_arena *a, struct rml_namemap *m, const char *key, void *obj);
/* key's list, or NULL when nothing was filed under it (key may be NULL). */
const struct rml_namelist *rml_namemap_get(const struct rml_namemap *m, const char *key);

/*
 * A set of strings on the heap, in the order they were added (s[0 .. n)), hashed for
 * lookups. The strings are borrowed. Zero-initialised is empty.
 */
struct rml_strset {
	const char **s;
	size_t n, cap;
	size_t *slot;		/* hash slot -> index + 1 (0: empty) */
	size_t nslot;		/* a power of two, twice cap */
};

/* The index of k in s (0 .. n - 1), or -1 (k may be NULL: -1). */
long rml_strset_find(const struct rml_strset *set, const char *k);
/* Add k (NULL is not added): true when it was not in the set yet. */
bool rml_strset_add(struct rml_strset *set, const char *k);
void rml_strset_fini(struct rml_strset *set);

/* A set of pointers on the heap (seen-sets of a search). Zero-initialised is empty. */
struct rml_ptrset {
	const void **v;
	size_t n, cap;		/* members, and slots (a power of two) */
};

/* Add p (not NULL): true when it was not in the set yet. */
bool rml_ptrset_add(struct rml_ptrset *s, const void *p);
void rml_ptrset_fini(struct rml_ptrset *s);

/*
 * malloc/realloc that never return NULL: on exhaustion they print a message and exit with
 * the status set here (2 by default; a worker process sets its own, pool.h). Library code
 * never exits otherwise.
 */
void rml_set_oom_status(int status);
void *rml_xmalloc(size_t n);
void *rml_xcalloc(size_t n, size_t size);
void *rml_xrealloc(void *p, size_t n);
char *rml_xstrdup(const char *s);
char *rml_xstrndup(const char *s, size_t n);	/* n bytes of s, NUL-terminated */
char *rml_xprintf(const char *fmt, ...) RML_FORMAT(1, 2);	/* malloc'd */

/* A growable byte buffer, NUL-terminated after every put (put "" to start an empty one). */
struct rml_buf {
	char *p;
	size_t n, cap;
};

void rml_buf_put(struct rml_buf *b, const char *s, size_t n);
void rml_buf_putc(struct rml_buf *b, char c);

/*
 * Length of the character at p: 1 for ASCII, 2 to 4 for a valid UTF-8 sequence (no
 * overlong forms, surrogates or code points past U+10FFFF), 0 for an invalid one, -1 when
 * end cuts it. end NULL: the string ends at a NUL byte (which makes a sequence invalid).
 */
int rml_utf8_len(const unsigned char *p, const unsigned char *end);

/* A character of a C identifier (a letter, a digit, '_'). */
bool rml_ident_char(char c);
/* Does t[b, e) name identifier id (its n bytes) as a whole word, at any place? */
bool rml_names_word(const char *t, size_t b, size_t e, const char *id, size_t n);

/* FNV-1a of n bytes at p, continuing from h (RML_FNV1A_INIT to start a hash). */
#define RML_FNV1A_INIT 0xcbf29ce484222325ULL
uint64_t rml_fnv1a(uint64_t h, const void *p, size_t n);
/* FNV-1a of a string, for hash tables. */
size_t rml_str_hash(const char *s);

/* Where a line-by-line reader is, for its error: "name:line: reason" into err. */
struct rml_line_reader {
	const char *name;
	unsigned long line;
	char *err;
	size_t errlen;
};

/* Formats the reason into r->err (when there is one) and returns -1. */
int rml_line_error(struct rml_line_reader *r, const char *fmt, ...) RML_FORMAT(2, 3);

/*
 * Read a whole regular file, any bytes: 0 with *text a heap copy NUL-terminated after *len
 * bytes, or -1 with a one-line reason in err ("cannot open: No such file or directory",
 * "is a directory"). check.c's rml_read_file is the C-source reader (it refuses NUL bytes);
 * this is the one for the tool's own files (databases, diffs, baselines, configs).
 */
int rml_read_bytes(const char *path, char **text, size_t *len, char *err, size_t errlen);
/*
 * buf into path atomically: a temporary file beside it, written, fsync'ed and renamed over
 * path (mode 0666 & ~umask). On failure the temporary is removed, path is untouched, and
 * err says why: 0 or -1.
 */
int rml_write_atomic(const char *path, const char *buf, size_t len, char *err, size_t errlen);
/* All of fd (a pipe, stdin) into *text (heap, NUL-terminated): 0, or -1 with errno. */
int rml_read_fd(int fd, char **text, size_t *len);
/*
 * The same for a file under max bytes: one of max bytes or more is "file too large (N
 * bytes)", or "file too large" when it grows to that while being read.
 */
int rml_read_bytes_max(const char *path, size_t max, char **text, size_t *len, char *err,
		       size_t errlen);

/*
 * path with repeated '/', "." segments and "dir/.." pairs folded away lexically (symlinks
 * are not followed, nothing is looked up); heap. A relative path keeps its leading "..";
 * "/.." is "/". "" and "a/.." give ".", a trailing '/' is dropped.
 */
char *rml_path_fold(const char *path);
/* rel folded when absolute or dir is NULL or "", else dir + "/" + rel folded; heap. */
char *rml_path_join(const char *dir, const char *rel);
/*
 * path made absolute against the current directory, "." and ".." folded (heap); relative
 * still when the current directory cannot be known.
 */
char *rml_abspath(const char *path);

/* Seconds on a monotonic clock, for the time a phase takes. */
double rml_now(void);

/* Display column (tab stops every 8) of byte column `bytecol` (1-based) in `line`. */
unsigned rml_display_col(const char *line, size_t linelen, unsigned bytecol);

#endif
