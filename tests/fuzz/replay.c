/*
 * replay: a main() for a libFuzzer harness without libFuzzer. Runs the harness once on
 * each file named on the command line (LLVMFuzzerInitialize first, when it has one), so
 * that the committed seeds, which keep every input a fuzzer ever failed on, are
 * regression tests of the ordinary and the ASan builds (tests/meson.build, suite fuzz).
 * A crash, a sanitizer report or a broken harness assertion fails the run.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

static unsigned char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf = NULL;
	size_t cap = 0, n = 0, r;

	if (!f)
		return NULL;
	for (;;) {
		if (n == cap) {
			cap = cap ? 2 * cap : 4096;
			buf = realloc(buf, cap);
			if (!buf)
				abort();
		}
		r = fread(buf + n, 1, cap - n, f);
		if (!r)
			break;
		n += r;
	}
	if (ferror(f)) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	*len = n;
	return buf;
}

int main(int argc, char **argv)
{
	int n = 0;

	if (LLVMFuzzerInitialize)
		LLVMFuzzerInitialize(&argc, &argv);
	for (int i = 1; i < argc; i++) {
		size_t len;
		unsigned char *data = slurp(argv[i], &len);

		if (!data) {
			perror(argv[i]);
			return 2;
		}
		LLVMFuzzerTestOneInput(data, len);
		free(data);
		n++;
	}
	printf("%d passed, 0 failed\n", n);
	return 0;
}
