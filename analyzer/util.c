/* util: arena, pointer vector, checked allocation, display columns. */
#include "util.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rml_arena_chunk {
	struct rml_arena_chunk *next;
	size_t size, used;
	_Alignas(max_align_t) unsigned char data[];
};

#define CHUNK_MIN (64 * 1024)

void *rml_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p) {
		fputs("regmap-lint: out of memory\n", stderr);
		abort();
	}
	return p;
}

void *rml_xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p) {
		fputs("regmap-lint: out of memory\n", stderr);
		abort();
	}
	return p;
}

void *rml_xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (!q) {
		fputs("regmap-lint: out of memory\n", stderr);
		abort();
	}
	return q;
}

char *rml_xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(rml_xmalloc(n), s, n);
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
