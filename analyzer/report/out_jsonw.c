/*
 * out_jsonw: a small streaming JSON writer for the sarif and json formats: two-space
 * indent, one member per line, strings escaped per RFC 8259 with every byte that is not
 * part of valid UTF-8 replaced by U+FFFD.
 */
#include "report_impl.h"

#include <assert.h>
#include <string.h>

void rml_jw_init(struct rml_jw *w, FILE *out)
{
	memset(w, 0, sizeof(*w));
	w->out = out;
}

/* Before a value or a key: the comma and the new line, unless a key was just written. */
static void sep(struct rml_jw *w)
{
	if (w->after_key) {
		w->after_key = false;
		return;
	}
	if (!w->depth)
		return;
	if (w->has_member[w->depth - 1])
		fputc(',', w->out);
	fputc('\n', w->out);
	for (unsigned i = 0; i < w->depth; i++)
		fputs("  ", w->out);
	w->has_member[w->depth - 1] = true;
}

static void open_container(struct rml_jw *w, char c)
{
	sep(w);
	fputc(c, w->out);
	assert(w->depth < RML_ARRAY_SIZE(w->has_member));
	w->has_member[w->depth++] = false;
}

static void close_container(struct rml_jw *w, char c)
{
	assert(w->depth > 0);
	if (w->has_member[--w->depth]) {
		fputc('\n', w->out);
		for (unsigned i = 0; i < w->depth; i++)
			fputs("  ", w->out);
	}
	fputc(c, w->out);
	if (!w->depth)
		fputc('\n', w->out);
}

void rml_jw_obj(struct rml_jw *w)
{
	open_container(w, '{');
}

void rml_jw_arr(struct rml_jw *w)
{
	open_container(w, '[');
}

void rml_jw_end_obj(struct rml_jw *w)
{
	close_container(w, '}');
}

void rml_jw_end_arr(struct rml_jw *w)
{
	close_container(w, ']');
}

void rml_jw_key(struct rml_jw *w, const char *key)
{
	sep(w);
	rml_json_string(w->out, key);
	fputs(": ", w->out);
	w->after_key = true;
}

void rml_jw_str(struct rml_jw *w, const char *s)
{
	sep(w);
	rml_json_string(w->out, s ? s : "");
}

void rml_jw_uint(struct rml_jw *w, unsigned long v)
{
	sep(w);
	fprintf(w->out, "%lu", v);
}

void rml_jw_bool(struct rml_jw *w, bool b)
{
	sep(w);
	fputs(b ? "true" : "false", w->out);
}

void rml_jw_null(struct rml_jw *w)
{
	sep(w);
	fputs("null", w->out);
}

void rml_jw_kstr(struct rml_jw *w, const char *key, const char *s)
{
	rml_jw_key(w, key);
	rml_jw_str(w, s);
}

void rml_jw_kuint(struct rml_jw *w, const char *key, unsigned long v)
{
	rml_jw_key(w, key);
	rml_jw_uint(w, v);
}

void rml_json_string(FILE *out, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;

	fputc('"', out);
	while (*s) {
		int n;

		switch (*s) {
		case '"':
			fputs("\\\"", out);
			break;
		case '\\':
			fputs("\\\\", out);
			break;
		case '\b':
			fputs("\\b", out);
			break;
		case '\f':
			fputs("\\f", out);
			break;
		case '\n':
			fputs("\\n", out);
			break;
		case '\r':
			fputs("\\r", out);
			break;
		case '\t':
			fputs("\\t", out);
			break;
		default:
			if (*s < 0x20 || *s == 0x7f) {
				fprintf(out, "\\u%04x", *s);
				break;
			}
			n = rml_utf8_len(s, NULL);
			if (n <= 0) {
				fputs("\\ufffd", out);
				break;
			}
			fwrite(s, 1, (size_t)n, out);
			s += n;
			continue;
		}
		s++;
	}
	fputc('"', out);
}
