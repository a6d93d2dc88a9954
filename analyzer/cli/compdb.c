/*
 * compdb: compile_commands.json. A one-pass strict JSON reader that knows the shape it
 * wants (an array of objects) and decodes only the four members it uses; every other value
 * is checked and skipped, nesting at most MAX_DEPTH deep, so recursion is bounded. Errors
 * are located by line and byte column, counted only once an error is found. Repeated files
 * are found with a hash table, so a database of any size is read in linear time. It does
 * not read the compiled files nor normalise their flags.
 */
#include "compdb.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util.h"

#define MAX_DEPTH 64 /* containers around a value, the top-level array included */
#define DB_FILE "compile_commands.json"

/* ---- splitting "command" ---- */

static void push_word(char ***argv, size_t *argc, size_t *cap, struct rml_buf *w)
{
	if (*argc == *cap) {
		*cap = *cap ? *cap * 2 : 16;
		*argv = rml_xrealloc(*argv, *cap * sizeof(**argv));
	}
	(*argv)[(*argc)++] = rml_xstrndup(w->n ? w->p : "", w->n);
	w->n = 0;
}

void rml_compdb_free_argv(char **argv, size_t argc)
{
	for (size_t i = 0; i < argc; i++)
		free(argv[i]);
	free(argv);
}

static bool dq_escapable(char c)
{
	return c == '"' || c == '\\' || c == '$' || c == '`' || c == '\n';
}

int rml_compdb_split(const char *cmd, size_t len, char ***argvp, size_t *argcp, const char **why)
{
	const char *p = cmd, *end = cmd + len;
	struct rml_buf w = {0};
	char **argv = NULL;
	size_t argc = 0, cap = 0;
	bool inword = false;

	*argvp = NULL;
	*argcp = 0;
	while (p < end) {
		char c = *p;

		if (c == ' ' || c == '\t' || c == '\n') {
			if (inword)
				push_word(&argv, &argc, &cap, &w);
			inword = false;
			p++;
		} else if (c == '\\' && p + 1 < end && p[1] == '\n') {
			p += 2; /* a line continuation joins, and starts no word */
		} else if (c == '\\') {
			inword = true;
			rml_buf_putc(&w, p + 1 < end ? p[1] : '\\'); /* a final backslash stays */
			p += p + 1 < end ? 2 : 1;
		} else if (c == '\'') {
			const char *q = memchr(p + 1, '\'', (size_t)(end - p - 1));

			if (!q) {
				*why = "unterminated single quote";
				goto fail;
			}
			inword = true;
			rml_buf_put(&w, p + 1, (size_t)(q - p - 1));
			p = q + 1;
		} else if (c == '"') {
			inword = true;
			for (p++;; p++) {
				if (p >= end) {
					*why = "unterminated double quote";
					goto fail;
				}
				if (*p == '"')
					break;
				if (*p == '\\' && p + 1 < end && dq_escapable(p[1])) {
					p++;
					if (*p != '\n')
						rml_buf_putc(&w, *p);
				} else {
					rml_buf_putc(&w, *p);
				}
			}
			p++;
		} else {
			const char *run = p;

			inword = true;
			while (p < end && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\\' &&
			       *p != '\'' && *p != '"')
				p++;
			rml_buf_put(&w, run, (size_t)(p - run));
		}
	}
	if (inword)
		push_word(&argv, &argc, &cap, &w);
	free(w.p);
	*argvp = argv;
	*argcp = argc;
	return 0;
fail:
	free(w.p);
	rml_compdb_free_argv(argv, argc);
	return -1;
}

/* ---- the JSON reader ---- */

struct jr {
	const char *start, *p, *end;
	const char *name;
	char *err;
	size_t errlen;
	struct rml_buf sb; /* the string last read, decoded, NUL-terminated */
};

/* Report reason at `at`; always returns -1. */
static int RML_FORMAT(3, 4) jfail(struct jr *j, const char *at, const char *fmt, ...)
{
	const char *ls = j->start, *q = j->start;
	unsigned long line = 1;
	char reason[256];
	va_list ap;

	while (q < at) {
		const char *nl = memchr(q, '\n', (size_t)(at - q));

		if (!nl)
			break;
		line++;
		ls = q = nl + 1;
	}
	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	if (j->err && j->errlen)
		snprintf(j->err, j->errlen, "%s:%lu:%zu: %s", j->name, line, (size_t)(at - ls) + 1,
			 reason);
	return -1;
}

static int eoi(struct jr *j)
{
	return jfail(j, j->end, "unexpected end of input");
}

static int unexpected(struct jr *j, const char *at)
{
	unsigned char c;

	if (at >= j->end)
		return eoi(j);
	c = (unsigned char)*at;
	if (c > 0x20 && c < 0x7f)
		return jfail(j, at, "unexpected character '%c'", c);
	return jfail(j, at, "unexpected byte 0x%02x", c);
}

static void skip_ws(struct jr *j)
{
	while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r'))
		j->p++;
}

/* Four hex digits at p: 1 and *v, 0 if not hex, -1 if cut by the end. */
static int hex4(const char *p, const char *end, unsigned *v)
{
	*v = 0;
	for (int i = 0; i < 4; i++) {
		char c;

		if (p + i >= end)
			return -1;
		c = p[i];
		if (c >= '0' && c <= '9')
			*v = *v * 16 + (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			*v = *v * 16 + (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			*v = *v * 16 + (unsigned)(c - 'A' + 10);
		else
			return 0;
	}
	return 1;
}

static void put_utf8(struct rml_buf *b, unsigned cp)
{
	char u[4];

	if (cp < 0x80) {
		u[0] = (char)cp;
		rml_buf_put(b, u, 1);
	} else if (cp < 0x800) {
		u[0] = (char)(0xc0 | cp >> 6);
		u[1] = (char)(0x80 | (cp & 0x3f));
		rml_buf_put(b, u, 2);
	} else if (cp < 0x10000) {
		u[0] = (char)(0xe0 | cp >> 12);
		u[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		u[2] = (char)(0x80 | (cp & 0x3f));
		rml_buf_put(b, u, 3);
	} else {
		u[0] = (char)(0xf0 | cp >> 18);
		u[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
		u[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
		u[3] = (char)(0x80 | (cp & 0x3f));
		rml_buf_put(b, u, 4);
	}
}

/* A \u escape at p (the backslash): the code point, p moved past it. */
static int read_u_escape(struct jr *j, const char **pp)
{
	const char *p = *pp;
	unsigned cp, lo;
	int r = hex4(p + 2, j->end, &cp);

	if (r < 0)
		return eoi(j);
	if (!r)
		return jfail(j, p, "invalid \\u escape");
	if (cp >= 0xdc00 && cp <= 0xdfff)
		return jfail(j, p, "unpaired surrogate in \\u escape");
	if (cp >= 0xd800 && cp <= 0xdbff) {
		const char *q = p + 6; /* the low half's backslash */

		if (q >= j->end || (*q == '\\' && q + 1 >= j->end))
			return eoi(j);
		if (q[0] != '\\' || q[1] != 'u')
			return jfail(j, p, "unpaired surrogate in \\u escape");
		r = hex4(q + 2, j->end, &lo);
		if (r < 0)
			return eoi(j);
		if (!r)
			return jfail(j, q, "invalid \\u escape");
		if (lo < 0xdc00 || lo > 0xdfff)
			return jfail(j, p, "unpaired surrogate in \\u escape");
		cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
		p = q;
	}
	if (!cp)
		return jfail(j, p, "\\u0000 in a string");
	put_utf8(&j->sb, cp);
	*pp = p + 6;
	return 0;
}

/* The string at j->p (its '"') into j->sb; j->p moves past it. */
static int read_string(struct jr *j)
{
	const char *p = j->p + 1, *end = j->end;

	j->sb.n = 0;
	rml_buf_put(&j->sb, "", 0);
	for (;;) {
		const char *run = p;
		unsigned char c = 0;
		int n;

		while (p < end && (c = (unsigned char)*p) >= 0x20 && c < 0x80 && c != '"' &&
		       c != '\\')
			p++;
		rml_buf_put(&j->sb, run, (size_t)(p - run));
		if (p >= end)
			return eoi(j);
		if (c == '"')
			break;
		if (c < 0x20)
			return jfail(j, p, "control character in a string");
		if (c >= 0x80) {
			n = rml_utf8_len((const unsigned char *)p, (const unsigned char *)end);
			if (n < 0)
				return eoi(j);
			if (!n)
				return jfail(j, p, "invalid UTF-8 in a string");
			rml_buf_put(&j->sb, p, (size_t)n);
			p += n;
			continue;
		}
		if (p + 1 >= end)
			return eoi(j);
		switch (p[1]) {
		case '"':
		case '\\':
		case '/':
			rml_buf_putc(&j->sb, p[1]);
			break;
		case 'b':
			rml_buf_putc(&j->sb, '\b');
			break;
		case 'f':
			rml_buf_putc(&j->sb, '\f');
			break;
		case 'n':
			rml_buf_putc(&j->sb, '\n');
			break;
		case 'r':
			rml_buf_putc(&j->sb, '\r');
			break;
		case 't':
			rml_buf_putc(&j->sb, '\t');
			break;
		case 'u':
			if (read_u_escape(j, &p))
				return -1;
			continue;
		default:
			if ((unsigned char)p[1] > 0x20 && (unsigned char)p[1] < 0x7f)
				return jfail(j, p, "invalid escape '\\%c'", p[1]);
			return jfail(j, p, "invalid escape");
		}
		p += 2;
	}
	j->p = p + 1;
	return 0;
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int skip_number(struct jr *j)
{
	const char *p = j->p, *end = j->end;

	if (*p == '-')
		p++;
	if (p >= end)
		return eoi(j);
	if (*p == '0') {
		p++;
	} else if (*p >= '1' && *p <= '9') {
		while (p < end && is_digit(*p))
			p++;
	} else {
		return jfail(j, j->p, "invalid number");
	}
	if (p < end && *p == '.') {
		if (++p >= end)
			return eoi(j);
		if (!is_digit(*p))
			return jfail(j, j->p, "invalid number");
		while (p < end && is_digit(*p))
			p++;
	}
	if (p < end && (*p == 'e' || *p == 'E')) {
		if (++p < end && (*p == '+' || *p == '-'))
			p++;
		if (p >= end)
			return eoi(j);
		if (!is_digit(*p))
			return jfail(j, j->p, "invalid number");
		while (p < end && is_digit(*p))
			p++;
	}
	j->p = p;
	return 0;
}

static int skip_literal(struct jr *j, const char *word)
{
	size_t n = strlen(word);

	for (size_t i = 0; i < n; i++) {
		if (j->p + i >= j->end)
			return eoi(j);
		if (j->p[i] != word[i])
			return unexpected(j, j->p);
	}
	j->p += n;
	return 0;
}

/* After a member or element: ',' (then 1) or the closing bracket (then 0). */
static int next_or_close(struct jr *j, char close)
{
	skip_ws(j);
	if (j->p >= j->end)
		return eoi(j);
	if (*j->p == ',') {
		j->p++;
		skip_ws(j);
		return 1;
	}
	if (*j->p == close) {
		j->p++;
		return 0;
	}
	return jfail(j, j->p, "expected ',' or '%c'", close);
}

/* A key and its ':' at j->p (white space skipped); the key in j->sb. */
static int read_key(struct jr *j)
{
	if (j->p >= j->end)
		return eoi(j);
	if (*j->p != '"')
		return jfail(j, j->p, "expected a string (an object key)");
	if (read_string(j))
		return -1;
	skip_ws(j);
	if (j->p >= j->end)
		return eoi(j);
	if (*j->p != ':')
		return jfail(j, j->p, "expected ':'");
	j->p++;
	skip_ws(j);
	return 0;
}

static bool value_start(char c)
{
	return c == '{' || c == '[' || c == '"' || c == '-' || is_digit(c) || c == 't' ||
	       c == 'f' || c == 'n';
}

/* Check and skip one value at j->p (white space skipped), inside `depth` containers. */
static int skip_value(struct jr *j, unsigned depth)
{
	char close;
	int more;

	if (j->p >= j->end)
		return eoi(j);
	switch (*j->p) {
	case '"':
		return read_string(j);
	case 't':
		return skip_literal(j, "true");
	case 'f':
		return skip_literal(j, "false");
	case 'n':
		return skip_literal(j, "null");
	case '{':
	case '[':
		break;
	default:
		if (*j->p == '-' || is_digit(*j->p))
			return skip_number(j);
		return unexpected(j, j->p);
	}
	if (depth >= MAX_DEPTH)
		return jfail(j, j->p, "nesting deeper than %d", MAX_DEPTH);
	close = *j->p == '{' ? '}' : ']';
	j->p++;
	skip_ws(j);
	if (j->p < j->end && *j->p == close) {
		j->p++;
		return 0;
	}
	do {
		if (close == '}' && read_key(j))
			return -1;
		if (skip_value(j, depth + 1))
			return -1;
	} while ((more = next_or_close(j, close)) > 0);
	return more;
}

/* ---- entries ---- */

struct entry {
	char *directory, *file, *command;
	char **argv;
	size_t argc;
	bool has_args;
	const char *at, *file_at, *args_at, *cmd_at;
};

static void entry_free(struct entry *e)
{
	free(e->directory);
	free(e->file);
	free(e->command);
	rml_compdb_free_argv(e->argv, e->argc);
}

/* A string member's value into *out; `what` names it in errors. */
static int read_member_string(struct jr *j, size_t idx, const char *what, char **out)
{
	if (j->p >= j->end)
		return eoi(j);
	if (*j->p != '"')
		return jfail(j, j->p, "entry %zu: \"%s\" is not a string", idx, what);
	if (read_string(j))
		return -1;
	*out = rml_xstrndup(j->sb.p, j->sb.n);
	return 0;
}

static int read_arguments(struct jr *j, size_t idx, struct entry *e)
{
	size_t cap = 0;
	int more;

	if (j->p >= j->end)
		return eoi(j);
	if (*j->p != '[')
		return jfail(j, j->p, "entry %zu: \"arguments\" is not an array of strings", idx);
	j->p++;
	skip_ws(j);
	if (j->p < j->end && *j->p == ']') {
		j->p++;
		return 0;
	}
	do {
		if (j->p >= j->end)
			return eoi(j);
		if (*j->p != '"')
			return jfail(j, j->p, "entry %zu: \"arguments\" is not an array of strings",
				     idx);
		if (read_string(j))
			return -1;
		push_word(&e->argv, &e->argc, &cap, &j->sb);
	} while ((more = next_or_close(j, ']')) > 0);
	return more;
}

static int read_entry_members(struct jr *j, size_t idx, struct entry *e)
{
	int more;

	e->at = j->p;
	j->p++;
	skip_ws(j);
	if (j->p < j->end && *j->p == '}') {
		j->p++;
		return 0;
	}
	do {
		const char *key_at = j->p;
		char **str = NULL;
		const char *what = NULL;

		if (read_key(j))
			return -1;
		if (!strcmp(j->sb.p, "directory")) {
			str = &e->directory;
			what = "directory";
		} else if (!strcmp(j->sb.p, "file")) {
			str = &e->file;
			what = "file";
			e->file_at = j->p;
		} else if (!strcmp(j->sb.p, "command")) {
			str = &e->command;
			what = "command";
			e->cmd_at = j->p;
		} else if (!strcmp(j->sb.p, "arguments")) {
			if (e->has_args)
				return jfail(j, key_at, "entry %zu: duplicate \"arguments\"", idx);
			e->has_args = true;
			e->args_at = j->p;
			if (read_arguments(j, idx, e))
				return -1;
		} else if (skip_value(j, 2)) {
			return -1;
		}
		if (str) {
			if (*str)
				return jfail(j, key_at, "entry %zu: duplicate \"%s\"", idx, what);
			if (read_member_string(j, idx, what, str))
				return -1;
		}
	} while ((more = next_or_close(j, '}')) > 0);
	return more;
}

/* The object at j->p into *out; 0, or -1 (out then untouched). */
static int read_entry(struct jr *j, size_t idx, struct rml_compdb_entry *out)
{
	struct entry e = {0};
	const char *why;

	if (read_entry_members(j, idx, &e))
		goto fail;
	if (!e.directory) {
		jfail(j, e.at, "entry %zu: missing \"directory\"", idx);
		goto fail;
	}
	if (!e.file) {
		jfail(j, e.at, "entry %zu: missing \"file\"", idx);
		goto fail;
	}
	if (!e.file[0]) {
		jfail(j, e.file_at, "entry %zu: \"file\" is empty", idx);
		goto fail;
	}
	if (e.has_args) {
		if (!e.argc) {
			jfail(j, e.args_at, "entry %zu: \"arguments\" is empty", idx);
			goto fail;
		}
	} else if (e.command) {
		if (rml_compdb_split(e.command, strlen(e.command), &e.argv, &e.argc, &why)) {
			jfail(j, e.cmd_at, "entry %zu: \"command\": %s", idx, why);
			goto fail;
		}
		if (!e.argc) {
			jfail(j, e.cmd_at, "entry %zu: \"command\" has no words", idx);
			goto fail;
		}
	} else {
		jfail(j, e.at, "entry %zu: missing \"arguments\" or \"command\"", idx);
		goto fail;
	}
	out->directory = e.directory;
	if (e.file[0] == '/') {
		out->file = e.file;
	} else {
		out->file = rml_path_join(e.directory, e.file);
		free(e.file);
	}
	out->argv = e.argv;
	out->argc = e.argc;
	free(e.command);
	return 0;
fail:
	entry_free(&e);
	return -1;
}

/* The files seen so far: open addressing over indices into db->v, SIZE_MAX empty. */
struct fileset {
	size_t *slot;
	size_t cap, n;
};

static uint64_t str_hash(const char *s)
{
	return rml_fnv1a(RML_FNV1A_INIT, s, strlen(s));
}

static void set_grow(struct fileset *set, const struct rml_compdb *db)
{
	size_t cap = set->cap ? set->cap * 2 : 64;
	size_t *slot = rml_xmalloc(cap * sizeof(*slot));

	for (size_t i = 0; i < cap; i++)
		slot[i] = SIZE_MAX;
	for (size_t i = 0; i < set->cap; i++) {
		size_t k;

		if (set->slot[i] == SIZE_MAX)
			continue;
		k = (size_t)str_hash(db->v[set->slot[i]].file) & (cap - 1);
		while (slot[k] != SIZE_MAX)
			k = (k + 1) & (cap - 1);
		slot[k] = set->slot[i];
	}
	free(set->slot);
	set->slot = slot;
	set->cap = cap;
}

/* Whether db->v[idx]'s file is new; if so it is added. */
static bool set_add(struct fileset *set, const struct rml_compdb *db, size_t idx)
{
	const char *file = db->v[idx].file;
	size_t k;

	if (2 * (set->n + 1) > set->cap)
		set_grow(set, db);
	k = (size_t)str_hash(file) & (set->cap - 1);
	for (; set->slot[k] != SIZE_MAX; k = (k + 1) & (set->cap - 1))
		if (!strcmp(db->v[set->slot[k]].file, file))
			return false;
	set->slot[k] = idx;
	set->n++;
	return true;
}

static void entry_fini(struct rml_compdb_entry *e)
{
	free(e->directory);
	free(e->file);
	rml_compdb_free_argv(e->argv, e->argc);
}

void rml_compdb_fini(struct rml_compdb *db)
{
	for (size_t i = 0; i < db->n; i++)
		entry_fini(&db->v[i]);
	free(db->v);
	db->v = NULL;
	db->n = 0;
}

static int read_db(struct jr *j, struct rml_compdb *db)
{
	struct fileset set = {0};
	size_t cap = 0, idx = 0;
	int more, rc = -1;

	if (j->end - j->p >= 3 && !memcmp(j->p, "\xef\xbb\xbf", 3))
		j->p += 3; /* a byte order mark */
	skip_ws(j);
	if (j->p >= j->end)
		return eoi(j);
	if (*j->p != '[')
		return value_start(*j->p) ? jfail(j, j->p, "top level is not an array")
					  : unexpected(j, j->p);
	j->p++;
	skip_ws(j);
	if (j->p < j->end && *j->p == ']') {
		j->p++;
		more = 0;
		goto end;
	}
	do {
		if (j->p >= j->end) {
			eoi(j);
			goto out;
		}
		if (*j->p != '{') {
			if (value_start(*j->p))
				jfail(j, j->p, "entry %zu: not an object", idx);
			else
				unexpected(j, j->p);
			goto out;
		}
		if (db->n == cap) {
			cap = cap ? cap * 2 : 64;
			db->v = rml_xrealloc(db->v, cap * sizeof(*db->v));
		}
		if (read_entry(j, idx, &db->v[db->n]))
			goto out;
		if (set_add(&set, db, db->n))
			db->n++;
		else
			entry_fini(&db->v[db->n]);
		idx++;
	} while ((more = next_or_close(j, ']')) > 0);
end:
	if (more < 0)
		goto out;
	skip_ws(j);
	if (j->p < j->end) {
		jfail(j, j->p, "trailing characters after the top-level value");
		goto out;
	}
	rc = 0;
out:
	free(set.slot);
	return rc;
}

int rml_compdb_parse(const char *text, size_t len, const char *name, struct rml_compdb *db,
		     char *err, size_t errlen)
{
	struct jr j = {text, text, text + len, name ? name : "<input>", err, errlen, {0}};
	int rc;

	db->v = NULL;
	db->n = 0;
	rc = read_db(&j, db);
	free(j.sb.p);
	if (rc)
		rml_compdb_fini(db);
	return rc;
}

int rml_compdb_load(const char *path, struct rml_compdb *db, char *err, size_t errlen)
{
	struct stat st;
	char *file, *text, why[128];
	size_t len;
	int rc;

	db->v = NULL;
	db->n = 0;
	if (!stat(path, &st) && S_ISDIR(st.st_mode))
		file = rml_path_join(path, DB_FILE);
	else
		file = rml_xstrdup(path);
	if (rml_read_bytes(file, &text, &len, why, sizeof(why))) {
		snprintf(err, errlen, "%s: %s", file, why);
		free(file);
		return -1;
	}
	rc = rml_compdb_parse(text, len, file, db, err, errlen);
	free(text);
	free(file);
	return rc;
}
