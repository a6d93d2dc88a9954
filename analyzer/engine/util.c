/*
 * util: arena, pointer vector, checked allocation, reading a whole file, lexical path
 * folding, display columns.
 */
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct rml_arena_chunk {
	struct rml_arena_chunk *next;
	size_t size, used;
	_Alignas(max_align_t) unsigned char data[];
};

#define CHUNK_MIN (64 * 1024)

/*
 * What a failed allocation does: print and exit with this status. The one process-wide
 * setting: the CLI exits 2 (tool error), a worker process the code its parent reads as
 * "out of memory" (pool.h).
 */
static int oom_status = 2;

void rml_set_oom_status(int status)
{
	oom_status = status;
}

static void oom(void)
{
	fputs("regmap-lint: out of memory\n", stderr);
	exit(oom_status);
}

void *rml_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p) {
		oom();
	}
	return p;
}

void *rml_xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p) {
		oom();
	}
	return p;
}

void *rml_xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (!q) {
		oom();
	}
	return q;
}

char *rml_xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(rml_xmalloc(n), s, n);
}

char *rml_xstrndup(const char *s, size_t n)
{
	char *p = rml_xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *rml_xprintf(const char *fmt, ...)
{
	va_list ap;
	int n;
	char *s;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	s = rml_xmalloc(n > 0 ? (size_t)n + 1 : 1);
	s[0] = '\0';
	va_start(ap, fmt);
	vsnprintf(s, n > 0 ? (size_t)n + 1 : 1, fmt, ap);
	va_end(ap);
	return s;
}

void rml_buf_put(struct rml_buf *b, const char *s, size_t n)
{
	if (b->cap - b->n < n + 1) {
		size_t cap = b->cap ? b->cap : 64;

		while (cap - b->n < n + 1)
			cap *= 2;
		b->p = rml_xrealloc(b->p, cap);
		b->cap = cap;
	}
	memcpy(b->p + b->n, s, n);
	b->n += n;
	b->p[b->n] = '\0';
}

void rml_buf_putc(struct rml_buf *b, char c)
{
	rml_buf_put(b, &c, 1);
}

bool rml_ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

bool rml_names_word(const char *t, size_t b, size_t e, const char *id, size_t n)
{
	for (size_t i = b; n && i + n <= e; i++)
		if (!memcmp(t + i, id, n) && (i == b || !rml_ident_char(t[i - 1])) &&
		    (i + n == e || !rml_ident_char(t[i + n])))
			return true;
	return false;
}

uint64_t rml_fnv1a(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;

	for (size_t i = 0; i < n; i++) {
		h ^= b[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

int rml_utf8_len(const unsigned char *p, const unsigned char *end)
{
	unsigned char c = p[0], lo = 0x80, hi = 0xbf;
	int n;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4;
	else
		return 0;
	if (c == 0xe0)
		lo = 0xa0;	/* overlong */
	else if (c == 0xed)
		hi = 0x9f;	/* UTF-16 surrogates */
	else if (c == 0xf0)
		lo = 0x90;	/* overlong */
	else if (c == 0xf4)
		hi = 0x8f;	/* past U+10FFFF */
	for (int i = 1; i < n; i++) {
		if (end && p + i >= end)
			return -1;
		if (p[i] < (i == 1 ? lo : 0x80) || p[i] > (i == 1 ? hi : 0xbf))
			return 0;
	}
	return n;
}

int rml_line_error(struct rml_line_reader *r, const char *fmt, ...)
{
	char reason[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	if (r->err && r->errlen)
		snprintf(r->err, r->errlen, "%s:%lu: %s", r->name, r->line, reason);
	return -1;
}

void rml_arena_init(struct rml_arena *a)
{
	a->head = NULL;
	a->used_bytes = 0;
}

void rml_arena_fini(struct rml_arena *a)
{
	struct rml_arena_chunk *c = a->head, *next;

	for (; c; c = next) {
		next = c->next;
		free(c);
	}
	a->head = NULL;
	a->used_bytes = 0;
}

void *rml_arena_alloc(struct rml_arena *a, size_t size)
{
	const size_t align = _Alignof(max_align_t);
	struct rml_arena_chunk *c = a->head;
	void *p;

	size = (size + align - 1) & ~(align - 1);
	if (!c || c->size - c->used < size) {
		size_t csize = size > CHUNK_MIN ? size : CHUNK_MIN;

		c = rml_xmalloc(sizeof(*c) + csize);
		c->size = csize;
		c->used = 0;
		c->next = a->head;
		a->head = c;
	}
	p = c->data + c->used;
	c->used += size;
	a->used_bytes += size;
	memset(p, 0, size);
	return p;
}

char *rml_arena_strndup(struct rml_arena *a, const char *s, size_t n)
{
	char *p = rml_arena_alloc(a, n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *rml_arena_strdup(struct rml_arena *a, const char *s)
{
	return rml_arena_strndup(a, s, strlen(s));
}

char *rml_arena_vprintf(struct rml_arena *a, const char *fmt, va_list ap)
{
	char small[256];
	va_list aq;
	int n;
	char *p;

	va_copy(aq, ap);
	n = vsnprintf(small, sizeof(small), fmt, aq);
	va_end(aq);
	if (n < 0)
		return rml_arena_strdup(a, "");
	if ((size_t)n < sizeof(small))
		return rml_arena_strndup(a, small, (size_t)n);
	p = rml_arena_alloc(a, (size_t)n + 1);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	return p;
}

char *rml_arena_printf(struct rml_arena *a, const char *fmt, ...)
{
	va_list ap;
	char *p;

	va_start(ap, fmt);
	p = rml_arena_vprintf(a, fmt, ap);
	va_end(ap);
	return p;
}

void rml_ptrvec_push(struct rml_ptrvec *v, void *ptr)
{
	if (v->n == v->cap) {
		v->cap = v->cap ? v->cap * 2 : 16;
		v->p = rml_xrealloc(v->p, v->cap * sizeof(*v->p));
	}
	v->p[v->n++] = ptr;
}

void rml_ptrvec_fini(struct rml_ptrvec *v)
{
	free(v->p);
	v->p = NULL;
	v->n = v->cap = 0;
}

size_t rml_str_hash(const char *s)
{
	return (size_t)rml_fnv1a(RML_FNV1A_INIT, s, strlen(s));
}

static struct rml_namelist *name_slot(struct rml_namelist *v, size_t cap, const char *key)
{
	size_t i = rml_str_hash(key) & (cap - 1);

	while (v[i].key && strcmp(v[i].key, key))
		i = (i + 1) & (cap - 1);
	return &v[i];
}

void rml_namemap_add(struct rml_arena *a, struct rml_namemap *m, const char *key, void *obj)
{
	struct rml_namelist *l;

	if (2 * (m->n + 1) > m->cap) {
		size_t cap = m->cap ? 2 * m->cap : 64;
		struct rml_namelist *v = rml_arena_alloc(a, cap * sizeof(*v));

		for (size_t i = 0; i < m->cap; i++)
			if (m->v[i].key)
				*name_slot(v, cap, m->v[i].key) = m->v[i];
		m->v = v;
		m->cap = cap;
	}
	l = name_slot(m->v, m->cap, key);
	if (!l->key) {
		l->key = key;
		m->n++;
	}
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 4;
		void **p = rml_arena_alloc(a, cap * sizeof(*p));

		if (l->n)
			memcpy(p, l->p, l->n * sizeof(*p));
		l->p = p;
		l->cap = cap;
	}
	l->p[l->n++] = obj;
}

const struct rml_namelist *rml_namemap_get(const struct rml_namemap *m, const char *key)
{
	const struct rml_namelist *l;

	if (!key || !m->cap)
		return NULL;
	l = name_slot(m->v, m->cap, key);
	return l->key ? l : NULL;
}

static size_t *strset_slot(const struct rml_strset *set, const char *k)
{
	size_t h = rml_str_hash(k) & (set->nslot - 1);

	while (set->slot[h] && strcmp(set->s[set->slot[h] - 1], k))
		h = (h + 1) & (set->nslot - 1);
	return &set->slot[h];
}

long rml_strset_find(const struct rml_strset *set, const char *k)
{
	size_t i;

	if (!k || !set->n)
		return -1;
	i = *strset_slot(set, k);
	return i ? (long)i - 1 : -1;
}

bool rml_strset_add(struct rml_strset *set, const char *k)
{
	size_t *slot;

	if (!k || rml_strset_find(set, k) >= 0)
		return false;
	if (set->n == set->cap) {
		set->cap = set->cap ? 2 * set->cap : 8;
		set->s = rml_xrealloc(set->s, set->cap * sizeof(*set->s));
		free(set->slot);
		set->nslot = 2 * set->cap;
		set->slot = rml_xcalloc(set->nslot, sizeof(*set->slot));
		for (size_t i = 0; i < set->n; i++)
			*strset_slot(set, set->s[i]) = i + 1;
	}
	slot = strset_slot(set, k);
	set->s[set->n++] = k;
	*slot = set->n;
	return true;
}

void rml_strset_fini(struct rml_strset *set)
{
	free(set->s);
	free(set->slot);
	*set = (struct rml_strset){ 0 };
}

static const void **ptr_slot(const void **v, size_t cap, const void *p)
{
	size_t i = (size_t)rml_fnv1a(RML_FNV1A_INIT, &p, sizeof(p)) & (cap - 1);

	while (v[i] && v[i] != p)
		i = (i + 1) & (cap - 1);
	return &v[i];
}

bool rml_ptrset_add(struct rml_ptrset *s, const void *p)
{
	const void **slot;

	if (2 * (s->n + 1) > s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 32;
		const void **v = rml_xcalloc(cap, sizeof(*v));

		for (size_t i = 0; i < s->cap; i++)
			if (s->v[i])
				*ptr_slot(v, cap, s->v[i]) = s->v[i];
		free(s->v);
		s->v = v;
		s->cap = cap;
	}
	slot = ptr_slot(s->v, s->cap, p);
	if (*slot)
		return false;
	*slot = p;
	s->n++;
	return true;
}

void rml_ptrset_fini(struct rml_ptrset *s)
{
	free(s->v);
	*s = (struct rml_ptrset){ 0 };
}

double rml_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

unsigned rml_display_col(const char *line, size_t linelen, unsigned bytecol)
{
	unsigned col = 0;
	size_t i;

	for (i = 0; i + 1 < bytecol && i < linelen; i++) {
		unsigned char ch = (unsigned char)line[i];

		if (ch == '\t')
			col = (col / 8 + 1) * 8;
		else if ((ch & 0xc0) != 0x80)	/* count UTF-8 lead bytes only */
			col++;
	}
	if (i + 1 < bytecol)	/* past the end of the line: keep the byte distance */
		col += bytecol - 1 - (unsigned)i;
	return col + 1;
}

#define READ_MAX ((size_t)1 << 30) /* 1 GiB: more is no file of ours */

int rml_read_bytes(const char *path, char **text, size_t *len, char *err, size_t errlen)
{
	return rml_read_bytes_max(path, READ_MAX, text, len, err, errlen);
}

int rml_read_bytes_max(const char *path, size_t max, char **text, size_t *len, char *err,
		       size_t errlen)
{
	struct stat st;
	size_t cap, n = 0;
	char *buf;
	int fd;

	*text = NULL;
	*len = 0;
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, errlen, "cannot open: %s", strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) < 0) {
		snprintf(err, errlen, "cannot stat: %s", strerror(errno));
		close(fd);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(err, errlen,
			 S_ISDIR(st.st_mode) ? "is a directory" : "not a regular file");
		close(fd);
		return -1;
	}
	if ((uint64_t)st.st_size >= max) {
		snprintf(err, errlen, "file too large (%llu bytes)", (unsigned long long)st.st_size);
		close(fd);
		return -1;
	}
	cap = (size_t)st.st_size + 1;
	buf = rml_xmalloc(cap);
	for (;;) {
		ssize_t r;

		if (n + 1 >= cap) { /* the file grew while we read it */
			if (cap >= max) {
				snprintf(err, errlen, "file too large");
				free(buf);
				close(fd);
				return -1;
			}
			cap *= 2;
			buf = rml_xrealloc(buf, cap);
		}
		r = read(fd, buf + n, cap - n - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			snprintf(err, errlen, "cannot read: %s", strerror(errno));
			free(buf);
			close(fd);
			return -1;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	buf[n] = '\0';
	*text = buf;
	*len = n;
	return 0;
}

char *rml_path_fold(const char *path)
{
	size_t n = strlen(path), o = 0, nseg = 0, nup = 0, base;
	bool abs = path[0] == '/';
	char *out = rml_xmalloc(n + 2);
	/* where each kept segment starts in out, its '/' included: popping one truncates there */
	size_t *segs = rml_xmalloc((n / 2 + 2) * sizeof(*segs));
	const char *p = path;

	if (abs)
		out[o++] = '/';
	base = o;
	while (*p) {
		const char *s;
		size_t len;

		while (*p == '/')
			p++;
		s = p;
		while (*p && *p != '/')
			p++;
		len = (size_t)(p - s);
		if (!len || (len == 1 && s[0] == '.'))
			continue;
		if (len == 2 && s[0] == '.' && s[1] == '.') {
			if (nseg > nup) {
				o = segs[--nseg];
				continue;
			}
			if (abs) /* "/.." is "/" */
				continue;
			nup++; /* a leading ".." of a relative path stays */
		}
		segs[nseg++] = o;
		if (o > base)
			out[o++] = '/';
		memcpy(out + o, s, len);
		o += len;
	}
	if (!o)
		out[o++] = '.';
	out[o] = '\0';
	free(segs);
	return out;
}

char *rml_abspath(const char *path)
{
	char cwd[PATH_MAX];

	if (path[0] == '/' || !getcwd(cwd, sizeof(cwd)))
		return rml_path_fold(path);
	return rml_path_join(cwd, path);
}

char *rml_path_join(const char *dir, const char *rel)
{
	size_t nd, nr;
	char *cat, *folded;

	if (rel[0] == '/' || !dir || !dir[0])
		return rml_path_fold(rel);
	nd = strlen(dir);
	nr = strlen(rel);
	cat = rml_xmalloc(nd + nr + 2);
	memcpy(cat, dir, nd);
	cat[nd] = '/';
	memcpy(cat + nd + 1, rel, nr + 1);
	folded = rml_path_fold(cat);
	free(cat);
	return folded;
}

/*
 * buf into path atomically: a temporary file beside it (mkstemp), written, fsync'ed and
 * renamed over path. On any failure the temporary is removed and path is untouched.
 */
int rml_write_atomic(const char *path, const char *buf, size_t len, char *err, size_t errlen)
{
	const char *slash = strrchr(path, '/');
	int dl = slash ? (int)(slash - path + 1) : 0;
	size_t tl = strlen(path) + 16;
	char *tmp = rml_xmalloc(tl);
	int fd, saved;
	mode_t um;

	snprintf(tmp, tl, "%.*s.%s.XXXXXX", dl, path, path + dl);
	fd = mkstemp(tmp);
	if (fd < 0)
		goto out_err;
	um = umask(0);
	umask(um);
	if (fchmod(fd, 0666 & ~um) < 0)
		goto out_unlink;
	while (len) {
		ssize_t w = write(fd, buf, len);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			if (w == 0)
				errno = EIO;
			goto out_unlink;
		}
		buf += w;
		len -= (size_t)w;
	}
	if (fsync(fd) < 0)
		goto out_unlink;
	saved = close(fd);
	fd = -1;
	if (saved < 0 || rename(tmp, path) < 0)
		goto out_unlink;
	free(tmp);
	return 0;

out_unlink:
	saved = errno;
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	errno = saved;
out_err:
	snprintf(err, errlen, "%s", strerror(errno));
	free(tmp);
	return -1;
}

int rml_read_fd(int fd, char **text, size_t *len)
{
	size_t cap = 65536;
	ssize_t n;

	*len = 0;
	*text = rml_xmalloc(cap);
	for (;;) {
		if (cap - *len < 4096)
			*text = rml_xrealloc(*text, cap *= 2);
		n = read(fd, *text + *len, cap - *len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			free(*text);
			*text = NULL;
			return -1;
		}
		if (n == 0)
			break;
		*len += (size_t)n;
	}
	(*text)[*len] = '\0';
	return 0;
}
