/*
 * ktree: lone-file mode inside a kernel tree (ktree.h). The flags are those of kbuild's
 * CHECK call for the file (linux:scripts/Makefile.lib's c_flags: NOSTDINC_FLAGS,
 * LINUXINCLUDE, the -include files, KBUILD_CPPFLAGS' __KERNEL__, the basename and modname
 * defines, MODULE, CC_USING_FENTRY; the driver's ccflags-y and its parents'
 * subdir-ccflags-y from their Kbuild or Makefile) less what changes nothing for a parse,
 * given to the argv normaliser (args.c) like any other command line, so that the target
 * follows --arch= the same way and nothing libclang rejects gets through.
 */
#include "ktree.h"

#include <dirent.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "inputs.h"
#include "util.h"

struct rml_ktree {
	char *root;		/* absolute, no trailing '/' */
	char *arch;		/* the SRCARCH whose headers are used */
	int bits;		/* 64, 32, or 0: not said by the configuration */
	bool big;		/* CONFIG_CPU_BIG_ENDIAN */
	bool fentry;		/* CONFIG_FUNCTION_TRACER and CONFIG_HAVE_FENTRY: CC_USING_FENTRY */
	char *config;		/* include/config/auto.conf after a '\n', or NULL */
	bool prepared;		/* include/generated/autoconf.h, arch/$ARCH/include/generated */
	bool shown;		/* -v said what it is */
};

/* A file's options and the flags they point into. */
struct made {
	struct rml_parse_opts po;
	struct rml_args args;
};

static bool is_file(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* Does dir/Makefile have a line "VERSION = ..." (the top Makefile of a Linux tree)? */
static bool has_version_line(const char *dir)
{
	char *path = rml_path_join(dir, "Makefile"), *text = NULL, err[64];
	size_t len = 0;
	bool yes = false;

	if (is_file(path) && rml_read_bytes_max(path, 1 << 20, &text, &len, err, sizeof(err)) == 0)
		for (const char *l = text; l && *l && !yes; l = strchr(l, '\n'), l = l ? l + 1 : l)
			yes = !strncmp(l, "VERSION", 7) && l[7 + strspn(l + 7, " \t")] == '=';
	free(text);
	free(path);
	return yes;
}

static bool is_tree_top(const char *dir)
{
	char *inc = rml_path_join(dir, "include/linux");
	bool yes = rml_is_dir(inc) && has_version_line(dir);

	free(inc);
	return yes;
}

/* The directory of path, absolute. */
static char *abs_dir(const char *path)
{
	char *abs = rml_abspath(path);
	char *slash = strrchr(abs, '/');

	if (slash == abs)
		slash[1] = '\0';
	else if (slash)
		*slash = '\0';
	return abs;
}

char *rml_ktree_root(const char *path)
{
	char *dir = abs_dir(path);

	for (;;) {
		char *slash;

		if (dir[0] == '/' && is_tree_top(dir))
			return dir;
		slash = strrchr(dir, '/');
		if (!slash || slash == dir)
			break;
		*slash = '\0';
	}
	free(dir);
	return NULL;
}

static bool tree_has(const struct rml_ktree *t, const char *rel, bool dir)
{
	char *p = rml_path_join(t->root, rel);
	bool yes = dir ? rml_is_dir(p) : is_file(p);

	free(p);
	return yes;
}

/* "arch/<arch>/<sub>" (sub may be ""). */
static void arch_rel(char *buf, size_t len, const char *arch, const char *sub)
{
	snprintf(buf, len, "arch/%s%s%s", arch, *sub ? "/" : "", sub);
}

/* kbuild's SRCARCH for an ARCH name (linux:Makefile: x86_64 and i386 are x86, ...). */
static const char *srcarch_of(const char *arch)
{
	static const char *const map[][2] = {
		{ "x86_64", "x86" }, { "i386", "x86" }, { "sparc32", "sparc" },
		{ "sparc64", "sparc" }, { "parisc64", "parisc" }, { "sh64", "sh" },
	};

	for (size_t i = 0; i < RML_ARRAY_SIZE(map); i++)
		if (!strcmp(arch, map[i][0]))
			return map[i][1];
	return arch;
}

/*
 * The arch: $SRCARCH or $ARCH when the tree has it; else the arch the tree was prepared
 * for (arch/X/include/generated; the newest when there are several); else the host's.
 */
static char *choose_arch(const struct rml_ktree *t, const struct rml_args_env *env)
{
	const char *named[2] = { env ? env->srcarch : NULL, env ? env->arch : NULL };
	char *archdir = rml_path_join(t->root, "arch"), *best = NULL;
	DIR *d;
	struct dirent *e;
	double newest = -1;

	for (size_t i = 0; i < 2; i++) {
		char rel[PATH_MAX];

		if (!named[i] || !named[i][0])
			continue;
		arch_rel(rel, sizeof(rel), srcarch_of(named[i]), "");
		if (tree_has(t, rel, true)) {
			free(archdir);
			return rml_xstrdup(srcarch_of(named[i]));
		}
	}
	d = opendir(archdir);
	while (d && (e = readdir(d)) != NULL) {
		char rel[PATH_MAX], *p;
		struct stat st;

		if (e->d_name[0] == '.')
			continue;
		arch_rel(rel, sizeof(rel), e->d_name, "include/generated");
		p = rml_path_join(t->root, rel);
		/* the newest, ties to the first name in order: the same answer on every run */
		if (stat(p, &st) == 0 && S_ISDIR(st.st_mode) &&
		    ((double)st.st_mtime > newest ||
		     ((double)st.st_mtime == newest && best && strcmp(e->d_name, best) < 0))) {
			newest = (double)st.st_mtime;
			free(best);
			best = rml_xstrdup(e->d_name);
		}
		free(p);
	}
	if (d)
		closedir(d);
	free(archdir);
	return best ? best : rml_xstrdup(rml_args_host_arch());
}

/*
 * Word size, endianness and -mfentry (linux:Makefile's CC_FLAGS_USING: the arch's
 * asm/ftrace.h refuses to compile without CC_USING_FENTRY when function tracing is on)
 * from include/config/auto.conf, when the tree has one.
 */
static void read_config(struct rml_ktree *t)
{
	char *path = rml_path_join(t->root, "include/config/auto.conf"), *text = NULL, err[64];
	size_t len = 0;

	if (rml_read_bytes_max(path, 16 << 20, &text, &len, err, sizeof(err)) == 0) {
		char *nl = rml_xmalloc(len + 2);	/* a '\n' first: every line is "\nCONFIG_" */

		nl[0] = '\n';
		memcpy(nl + 1, text, len + 1);
		free(text);
		text = nl;
		t->bits = strstr(text, "\nCONFIG_64BIT=y") ? 64 : 32;
		t->big = strstr(text, "\nCONFIG_CPU_BIG_ENDIAN=y") != NULL;
		t->fentry = strstr(text, "\nCONFIG_FUNCTION_TRACER=y") &&
			    strstr(text, "\nCONFIG_HAVE_FENTRY=y");
		t->config = text;
		text = NULL;
	}
	free(text);
	free(path);
}

static struct rml_ktree *tree_at(struct rml_ktrees *kt, char *root)
{
	struct rml_ktree *t;
	char rel[PATH_MAX];
	bool autoconf;

	for (size_t i = 0; i < kt->n; i++)
		if (!strcmp(kt->v[i]->root, root)) {
			free(root);
			return kt->v[i];
		}
	t = rml_xcalloc(1, sizeof(*t));
	t->root = root;
	t->arch = choose_arch(t, kt->env);
	read_config(t);
	arch_rel(rel, sizeof(rel), t->arch, "include/generated");
	autoconf = tree_has(t, "include/generated/autoconf.h", false);
	t->prepared = autoconf && tree_has(t, rel, true);
	kt->v = rml_xrealloc(kt->v, (kt->n + 1) * sizeof(*kt->v));
	kt->v[kt->n++] = t;
	if (kt->verbose && !t->prepared) {
		fprintf(kt->verbose, "regmap-lint: %s: a kernel tree, but not prepared for %s (no "
			"%s): its files are parsed with the bundled headers; `make prepare` in it "
			"(or a build) lets regmap-lint use the tree's own\n", t->root, t->arch,
			autoconf ? rel : "include/generated/autoconf.h");
		t->shown = true;
	}
	return t;
}

/* The tree path lies in: the last directory's again, or looked up. */
static struct rml_ktree *tree_of(struct rml_ktrees *kt, const char *path)
{
	char *dir = abs_dir(path), *root;

	if (kt->last_dir && !strcmp(kt->last_dir, dir)) {
		free(dir);
		return kt->last;
	}
	free(kt->last_dir);
	kt->last_dir = dir;
	root = rml_ktree_root(path);
	kt->last = root ? tree_at(kt, root) : NULL;
	return kt->last;
}

struct argv {
	char **v;
	size_t n;
};

static void add(struct argv *a, char *s)
{
	a->v = rml_xrealloc(a->v, (a->n + 1) * sizeof(*a->v));
	a->v[a->n++] = s;
}

static char *cat(const char *a, const char *b)
{
	char *s = rml_xmalloc(strlen(a) + strlen(b) + 1);

	strcpy(s, a);
	strcat(s, b);
	return s;
}

/* kbuild's name-fix: a module or base name as a C token ('-' and ',' become '_'). */
static char *basename_token(const char *path)
{
	const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
	size_t n = strcspn(base, ".");
	char *s = rml_xmalloc(n + 1);

	for (size_t i = 0; i < n; i++)
		s[i] = base[i] == '-' || base[i] == ',' ? '_' : base[i];
	s[n] = '\0';
	return s;
}

/*
 * dir's kbuild file (Kbuild, else Makefile): its lines, continuations joined, in a heap
 * buffer (NULL: none).
 */
static char *kbuild_file(const char *dir)
{
	static const char *const names[] = { "Kbuild", "Makefile" };
	char err[64];

	for (size_t i = 0; i < RML_ARRAY_SIZE(names); i++) {
		char *p = rml_path_join(dir, names[i]), *text = NULL;
		size_t len = 0;
		int rc = is_file(p) ? rml_read_bytes_max(p, 1 << 20, &text, &len, err,
							  sizeof(err)) : -1;

		free(p);
		if (rc < 0)
			continue;
		for (char *c = text; (c = strstr(c, "\\\n")) != NULL;)
			c[0] = c[1] = ' ';
		return text;
	}
	return NULL;
}

/* "$(src)", "$(obj)" (dir) and "$(srctree)" (root) in a word replaced; heap. */
static char *expand(const char *w, size_t n, const char *root, const char *dir)
{
	static const char *const vars[] = { "$(srctree)", "$(src)", "$(obj)" };
	char *out = rml_xmalloc(n * 1 + strlen(root) * n + strlen(dir) * n + 1), *o = out;

	while (n) {
		size_t k;

		for (k = 0; k < RML_ARRAY_SIZE(vars); k++) {
			size_t vl = strlen(vars[k]);

			if (n >= vl && !memcmp(w, vars[k], vl)) {
				o = stpcpy(o, k ? dir : root);
				w += vl;
				n -= vl;
				break;
			}
		}
		if (k == RML_ARRAY_SIZE(vars)) {
			*o++ = *w++;
			n--;
		}
	}
	*o = '\0';
	return out;
}

/*
 * Does a kbuild list's suffix select it: "y", or "$(CONFIG_X)" with X y or m in the tree's
 * configuration (none known: taken)? s points after "ccflags-".
 */
static bool selected(const struct rml_ktree *t, const char *s)
{
	char key[256];
	size_t n;
	const char *at;

	if (s[0] == 'y' && strchr(" \t:+=", s[1]))
		return true;
	if (strncmp(s, "$(CONFIG_", 9))
		return false;
	n = strcspn(s + 2, ")");
	if (s[2 + n] != ')' || n + 3 > sizeof(key))
		return false;
	if (!t->config)
		return true;
	snprintf(key, sizeof(key), "\n%.*s=", (int)n, s + 2);
	at = strstr(t->config, key);
	return at && (at[n + 2] == 'y' || at[n + 2] == 'm');
}

/*
 * The -I, -D, -U and -include words of dir's kbuild file's ccflags-* lines (subdir only:
 * the subdir-ccflags-* lines an ancestor's file passes down), variables expanded; a word
 * with another variable in it is left out (with its value, for a two-word -I).
 */
static void dir_ccflags(const struct rml_ktree *t, const char *dir, bool subdir_only,
			struct argv *a)
{
	const char *root = t->root;
	char *text = kbuild_file(dir);

	for (const char *l = text; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
		size_t len = strcspn(l, "\n"), at = strspn(l, " \t");
		const char *end = l + len, *p;
		bool sub = !strncmp(l + at, "subdir-", 7);

		if (strncmp(l + at + (sub ? 7 : 0), "ccflags-", 8) || (subdir_only && !sub) ||
		    !selected(t, l + at + (sub ? 7 : 0) + 8))
			continue;
		p = memchr(l, '=', len);
		if (!p)
			continue;
		for (p++; p < end;) {
			size_t wl, vl = 0;
			const char *v = NULL;
			char *word;

			p += strspn(p, " \t");
			wl = strcspn(p, " \t\n#");
			if (!wl || *p == '#')
				break;
			if ((wl == 2 && !memcmp(p, "-I", 2)) || (wl == 8 && !memcmp(p, "-include", 8))) {
				v = p + wl + strspn(p + wl, " \t");	/* the separate value */
				vl = strcspn(v, " \t\n#");
				if (v >= end || !vl)
					break;
			}
			if (strncmp(p, "-I", 2) && strncmp(p, "-D", 2) && strncmp(p, "-U", 2) &&
			    strncmp(p, "-include", 8)) {
				p += wl;
				continue;
			}
			word = v ? expand(v, vl, root, dir) : expand(p, wl, root, dir);
			if (strstr(word, "$(")) {
				free(word);
			} else if (v) {
				add(a, rml_xstrndup(p, wl));
				add(a, word);
			} else {
				add(a, word);
			}
			p = v ? v + vl : p + wl;
		}
	}
	free(text);
}

/*
 * The driver's own flags, as kbuild gives them: the subdir-ccflags-* of every directory
 * between the tree's top and the file's, then its directory's ccflags-*.
 */
static void driver_ccflags(const struct rml_ktree *t, const char *dir, struct argv *a)
{
	size_t rl = strlen(t->root);
	char *d;

	if (strncmp(dir, t->root, rl) || dir[rl] != '/')
		return;
	d = rml_xstrdup(dir);
	for (char *s = d + rl + 1; (s = strchr(s, '/')) != NULL; s++) {
		*s = '\0';
		dir_ccflags(t, d, true, a);
		*s = '/';
	}
	dir_ccflags(t, d, false, a);
	free(d);
}

/* kbuild's c_flags for path in tree t, then the command line's own (-D, -U, -std ...). */
static void tree_argv(const struct rml_ktrees *kt, const struct rml_ktree *t, const char *path,
		      struct argv *a)
{
	/* linux:Makefile's LINUXINCLUDE and USERINCLUDE, in order (NULL: the arch's own) */
	static const char *const incs[][2] = {
		{ NULL, "include" }, { NULL, "include/generated" }, { "include", NULL },
		{ NULL, "include/uapi" }, { NULL, "include/generated/uapi" },
		{ "include/uapi", NULL }, { "include/generated/uapi", NULL },
	};
	static const char *const forced[] = {
		"include/linux/compiler-version.h", "include/linux/kconfig.h",
		"include/linux/compiler_types.h",
	};
	static const char *const fixed[] = {
		"-nostdinc", "-D__KERNEL__", "-std=gnu11", "-fshort-wchar", "-funsigned-char",
		"-O2", "-DMODULE",
	};
	char rel[PATH_MAX], *base, *dir;

	add(a, cat("--arch=", t->arch));
	if (t->bits)
		add(a, rml_xstrdup(t->bits == 64 ? "-m64" : "-m32"));
	if (t->big)
		add(a, rml_xstrdup("-mbig-endian"));
	for (size_t i = 0; i < RML_ARRAY_SIZE(fixed); i++)
		add(a, rml_xstrdup(fixed[i]));
	if (t->fentry)
		add(a, rml_xstrdup("-DCC_USING_FENTRY"));
	for (size_t i = 0; i < RML_ARRAY_SIZE(incs); i++) {
		char *p;

		if (incs[i][0])
			snprintf(rel, sizeof(rel), "%s", incs[i][0]);
		else
			arch_rel(rel, sizeof(rel), t->arch, incs[i][1]);
		p = rml_path_join(t->root, rel);
		add(a, cat("-I", p));
		free(p);
	}
	for (size_t i = 0; i < RML_ARRAY_SIZE(forced); i++) {
		if (!tree_has(t, forced[i], false))
			continue;	/* an older tree */
		add(a, rml_xstrdup("-include"));
		add(a, rml_path_join(t->root, forced[i]));
	}
	base = basename_token(path);
	add(a, rml_xprintf("-DKBUILD_BASENAME=\"%s\"", base));
	add(a, rml_xprintf("-DKBUILD_MODNAME=\"%s\"", base));
	add(a, rml_xprintf("-D__KBUILD_MODNAME=kmod_%s", base));
	free(base);
	dir = abs_dir(path);
	driver_ccflags(t, dir, a);
	for (size_t i = 0; i < kt->base->nflags; i++)
		if (strncmp(kt->base->flags[i], "--target=", 9))
			add(a, rml_xstrdup(kt->base->flags[i]));
	/* as kbuild out of the source tree: the file's directory, after the tree's */
	add(a, cat("-I", dir));
	free(dir);
}

const struct rml_parse_opts *rml_ktree_parse(struct rml_ktrees *kt, const char *path)
{
	struct rml_ktree *t = tree_of(kt, path);
	struct argv a = { 0 };
	struct made *m;
	char err[256];

	if (!t || !t->prepared)
		return NULL;
	tree_argv(kt, t, path, &a);
	m = rml_xcalloc(1, sizeof(*m));
	if (rml_args_normalise(&m->args, a.n, (const char *const *)a.v, NULL, err,
			       sizeof(err)) < 0) {
		free(m);	/* cannot happen: every argument above has its value */
		m = NULL;
	}
	for (size_t i = 0; i < a.n; i++)
		free(a.v[i]);
	free(a.v);
	if (!m)
		return NULL;
	m->po = *kt->base;
	m->po.kernel_tree = t->root;
	m->po.flags = (const char *const *)m->args.flags;
	m->po.nflags = m->args.nflags;
	m->po.host_target = NULL;
	rml_ptrvec_push(&kt->made, m);
	if (kt->verbose && !t->shown) {
		struct rml_tu_argv ta;

		/* the second line in main.c's format: ci/bench takes the last such line */
		rml_tu_argv(&m->po, &ta);
		fprintf(kt->verbose, "regmap-lint: %s: kernel tree (%s): its headers are used, "
			"from %s on\n", t->root, t->arch, path);
		fprintf(kt->verbose, "regmap-lint: libclang options 0x%x, argv:",
			(unsigned)RML_TU_OPTIONS);
		for (size_t i = 0; i < ta.n; i++)
			fprintf(kt->verbose, " %s", ta.v[i]);
		fputc('\n', kt->verbose);
		rml_tu_argv_fini(&ta);
		t->shown = true;
	}
	return &m->po;
}

void rml_ktrees_fini(struct rml_ktrees *kt)
{
	for (size_t i = 0; i < kt->n; i++) {
		free(kt->v[i]->root);
		free(kt->v[i]->arch);
		free(kt->v[i]->config);
		free(kt->v[i]);
	}
	free(kt->v);
	for (size_t i = 0; i < kt->made.n; i++) {
		struct made *m = kt->made.p[i];

		rml_args_fini(&m->args);
		free(m);
	}
	rml_ptrvec_fini(&kt->made);
	free(kt->last_dir);
	memset(kt, 0, sizeof(*kt));
}
