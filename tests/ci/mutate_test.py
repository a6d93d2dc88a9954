#!/usr/bin/env python3
"""ci/mutate's own pure parts: the C tokens, what looks constant, the evaluator of a
driver's constants, each operator's sites and rewrite, the sample, the verdicts and the
evidence of an equivalent mutant. On driver-shaped text written here, in a temporary
directory standing for a tree: no kernel tree, no regmap-lint run.

  python3 tests/ci/mutate_test.py [-v]
"""

import importlib.machinery
import importlib.util
import os
import shutil
import sys
import tempfile
import textwrap
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(os.path.dirname(os.path.dirname(HERE)), 'ci', 'mutate')
_loader = importlib.machinery.SourceFileLoader('mutate', SCRIPT)
_spec = importlib.util.spec_from_loader('mutate', _loader)
mutate = importlib.util.module_from_spec(_spec)
_loader.exec_module(mutate)

DRIVER_H = '''\
#define CTRL		0x10
#define CTRL_EN		BIT(4)
#define CTRL_LOW	BIT(0)
#define CTRL_MODE	GENMASK(3, 2)
#define CTRL_MODE_SHIFT	2
#define CTRL_ALL	(CTRL_EN | CTRL_MODE)
#define SEL(x)		((x) << 5)

enum foo_rate { RATE_SLOW, RATE_FAST = 3, RATE_MAX };

struct foo {
	struct regmap *map;
	u16 words[4];
};

static inline int foo_update(struct foo *foo, unsigned int reg, unsigned int mask,
			     unsigned int val)
{
	return regmap_update_bits(foo->map, reg, mask, val);
}
'''

DRIVER_C = '''\
// SPDX-License-Identifier: GPL-2.0
#include <linux/regmap.h>
#include "foo.h"

static const struct regmap_config foo_regmap = {
	.reg_bits = 8,
	.val_bits = 8,
};

/* regmap_update_bits(map, CTRL, CTRL_EN, CTRL_EN) in a comment is no site */
static int foo_set_mode(struct foo *foo, unsigned int val)
{
	return regmap_update_bits(foo->map, CTRL, CTRL_MODE, val);
}

static int foo_enable(struct foo *foo)
{
	int ret;

	ret = regmap_update_bits(foo->map, CTRL, CTRL_EN, CTRL_EN);
	if (ret)
		return ret;
	ret = regmap_update_bits(foo->map, CTRL,
				 CTRL_MODE | CTRL_EN,
				 (2 << CTRL_MODE_SHIFT));
	if (ret)
		return ret;
	ret = foo_update(foo, CTRL, CTRL_MODE, FIELD_PREP(CTRL_MODE, 1));
	if (ret)
		return ret;
	ret = foo_update(foo, CTRL, CTRL_ALL, CTRL_EN);
	if (ret)
		return ret;
	ret = foo_set_mode(foo, 3 << CTRL_MODE_SHIFT);
#ifdef CONFIG_FOO_LOW
	regmap_update_bits(foo->map, CTRL, CTRL_LOW, CTRL_LOW);
#endif
	return regmap_update_bits(foo->map, CTRL, CTRL_EN, 0);
}

static int foo_read(struct foo *foo)
{
	u8 raw[6];
	u8 bytes[2];
	int ret;

	ret = regmap_bulk_read(foo->map, CTRL, raw, ARRAY_SIZE(raw));
	if (ret)
		return ret;
	ret = regmap_bulk_read(foo->map, CTRL, foo->words, ARRAY_SIZE(foo->words));
	if (ret)
		return ret;
	return regmap_bulk_read(foo->map, CTRL, bytes, 2);
}
'''


def ln(fragment):
    """The line of DRIVER_C holding fragment (once)."""
    lines = [k for k, l in enumerate(DRIVER_C.split('\n'), 1) if fragment in l]
    assert len(lines) == 1, fragment
    return lines[0]


class Tree:
    """A temporary tree holding drivers/foo/foo.c and foo.h."""

    def __init__(self, c=DRIVER_C, h=DRIVER_H):
        self.root = tempfile.mkdtemp(prefix='mutate-test.')
        os.makedirs(os.path.join(self.root, 'drivers', 'foo'))
        for name, text in (('foo.c', c), ('foo.h', h)):
            with open(os.path.join(self.root, 'drivers', 'foo', name), 'w') as fp:
                fp.write(text)

    def driver(self):
        return mutate.Driver(self.root, 'drivers/foo/foo.c', mutate.SourceCache(self.root))

    def close(self):
        shutil.rmtree(self.root)


def toks(text):
    return mutate.tokens_of(text)


class Tokens(unittest.TestCase):
    def test_comments_strings_directives(self):
        s = mutate.Source('x.c', textwrap.dedent('''\
            #define A(x) \\
                ((x) + 1) /* f(1) */
            int g(void) { return f("g(2)", 'c') + h(3); } // k(4)
            '''))
        self.assertEqual([c.name for c in s.calls()], ['g', 'f', 'h'])
        self.assertEqual([(d.name, tokens_text(d.toks)) for d in s.directives],
                         [('define', 'A ( x ) ( ( x ) + 1 )')])
        f = [c for c in s.calls() if c.name == 'f'][0]
        self.assertEqual([tokens_text(a) for a in f.args], ['"g(2)"', "'c'"])

    def test_lines_and_conditions(self):
        s = mutate.Source('x.c', 'a;\n#ifdef X\nb;\n#else\nc;\n#endif\nd;\n')
        off = {t.text: t.start for t in s.code}
        self.assertEqual(s.line_of(off['c']), 5)
        self.assertEqual(s.conditions(off['a']), ())
        self.assertEqual(s.conditions(off['b']), ('#ifdef X',))
        self.assertEqual(s.conditions(off['c']), ('#ifdef X / #else',))
        self.assertEqual(s.conditions(off['d']), ())
        g = mutate.Source('x.h', '#ifndef X_H\n#define X_H\n#if A\na;\n#endif\nb;\n#endif\n')
        off = {t.text: t.start for t in g.code}
        self.assertEqual(g.conditions(off['a']), ('#if A',))
        self.assertEqual(g.conditions(off['b']), ())

    def test_funcs_and_includes(self):
        s = mutate.Source('x.c', '#include "a.h"\n#include <linux/b.h>\n'
                          'static const int t[] = { 1 };\n'
                          'int f(struct s *p, unsigned int mask) { return g(p, mask); }\n')
        self.assertEqual(s.includes(), [(True, 'a.h'), (False, 'linux/b.h')])
        self.assertEqual([(f.name, f.params) for f in s.funcs()], [('f', ['p', 'mask'])])

    def test_member_calls_are_not_calls(self):
        s = mutate.Source('x.c', 'void f(void) { ops->regmap_update_bits(a, b, C, C); }')
        self.assertEqual([c.name for c in s.calls()], ['f'])


def tokens_text(t):
    return mutate.tokens_text(t)


class ConstLooking(unittest.TestCase):
    def test_yes(self):
        for t in ('0x10', '3', 'CTRL_EN', '(CTRL_EN)', 'BIT(3)', 'GENMASK(7, 4)',
                  'CTRL_EN | BIT(2) | 0x1', 'GENMASK(FOO_MSB, FOO_LSB + 1)', '1U'):
            self.assertTrue(mutate.const_looking(toks(t)), t)

    def test_no(self):
        for t in ('val', 'priv->mask', 'BIT(i)', 'SEL(x)', 'CTRL_EN & 3', 'FOO(2)',
                  'mask | CTRL_EN', '', 'a ? B : C'):
            self.assertFalse(mutate.const_looking(toks(t)), t)


class Evaluate(unittest.TestCase):
    def setUp(self):
        self.tree = Tree()
        self.ev = self.tree.driver().evaluator()

    def tearDown(self):
        self.tree.close()

    def test_values(self):
        for text, v in (('CTRL_EN', 0x10), ('CTRL_ALL', 0x1c), ('SEL(2)', 0x40),
                        ('~0', mutate.MASK64), ('GENMASK(3, 2) >> 2', 3), ('0x1fU', 31),
                        ('RATE_FAST', 3), ('RATE_MAX', 4), ('RATE_SLOW', 0), ('010', 8)):
            self.assertEqual(self.ev.value(toks(text)), v, text)

    def test_unknown(self):
        for text in ('NOT_DEFINED', 'sizeof(int)', '(u8)3', 'GENMASK(2, 3)', 'BIT(64)'):
            self.assertIsNone(self.ev.value(toks(text)), text)

    def test_two_definitions_are_unknown(self):
        s = mutate.Source('x.h', '#ifdef A\n#define M 1\n#else\n#define M 2\n#endif\n'
                          '#define N 4\n#define N 4\n')
        defs = {}
        for name, params, body, _ in s.defines():
            d = (params, body)
            if name in defs and (defs[name] is None or mutate.tokens_text(defs[name][1])
                                 != mutate.tokens_text(body)):
                d = None
            defs[name] = d
        ev = mutate.Evaluator(defs)
        self.assertIsNone(ev.value(toks('M')))
        self.assertEqual(ev.value(toks('N')), 4)


class Operators(unittest.TestCase):
    def setUp(self):
        self.tree = Tree()
        self.drv = self.tree.driver()
        self.ops = {op.name: op for op in mutate.OPS}

    def tearDown(self):
        self.tree.close()

    def sites(self, name):
        return mutate.find_sites([self.ops[name]], self.drv)[name]

    def mutated_line(self, site):
        text = site.apply(self.drv.src.text)
        self.assertEqual(text.count('\n'), self.drv.src.text.count('\n'))
        return text.split('\n')[site.lines[0] - 1:site.lines[1]]

    def test_helper_found(self):
        w = self.drv.wrappers(mutate.UPDATE_CALLS)
        self.assertEqual(w['foo_update'][0], {'mask': ('arg', 2), 'val': ('arg', 3)})
        self.assertEqual(w['foo_set_mode'][0]['val'], ('arg', 1))
        self.assertEqual(w['foo_set_mode'][0]['mask'][0], 'fixed')

    def test_swap(self):
        # (2 << SHIFT) and FIELD_PREP() do not look constant: no swap there
        ss = self.sites('swap-mask-value')
        self.assertEqual([(s.lines, s.shape) for s in ss],
                         [((ln('CTRL_ALL, CTRL_EN'),) * 2, 'through foo_update'),
                          ((ln('CTRL_EN, 0);'),) * 2, 'direct')])
        self.assertEqual(self.mutated_line(ss[0]),
                         ['\tret = foo_update(foo, CTRL, CTRL_EN, CTRL_ALL);'])
        self.assertEqual(self.mutated_line(ss[1]),
                         ['\treturn regmap_update_bits(foo->map, CTRL, 0, CTRL_EN);'])

    def test_multiline_rewrite(self):
        s = [x for x in self.sites('drop-shift') if x.shape == 'direct'][0]
        self.assertEqual(s.lines, (ln('CTRL_MODE | CTRL_EN,') - 1,
                                   ln('(2 << CTRL_MODE_SHIFT)')))
        self.assertEqual(self.mutated_line(s), ['\tret = regmap_update_bits(foo->map, CTRL,',
                                                '\t\t\t\t CTRL_MODE | CTRL_EN,',
                                                '\t\t\t\t 2);'])

    def test_drop_shift(self):
        ss = self.sites('drop-shift')
        self.assertEqual([(s.lines[0], s.shape, s.info['x']) for s in ss],
                         [(ln('CTRL_MODE | CTRL_EN,') - 1, 'direct', '2'),
                          (ln('FIELD_PREP(CTRL_MODE, 1)'), 'through foo_update', '1'),
                          (ln('foo_set_mode(foo, 3'), 'through foo_set_mode', '3')])
        self.assertEqual(self.mutated_line(ss[1]),
                         ['\tret = foo_update(foo, CTRL, CTRL_MODE, 1);'])
        self.assertEqual(ss[2].info['mask'], 'CTRL_MODE')

    def test_one_under_bit(self):
        ss = self.sites('one-under-bit')
        self.assertEqual([(s.lines[0], s.cond) for s in ss],
                         [(ln('CTRL_EN, CTRL_EN);'), ()),
                          (ln('CTRL_LOW, CTRL_LOW'), ('#ifdef CONFIG_FOO_LOW',))])
        self.assertEqual(self.mutated_line(ss[0]),
                         ['\tret = regmap_update_bits(foo->map, CTRL, CTRL_EN, 1);'])

    def test_bulk(self):
        ss = self.sites('bulk-count-in-bytes')
        self.assertEqual([(s.lines[0], s.info['kind']) for s in ss],
                         [(ln('raw, ARRAY_SIZE(raw)'), 'sizeof'),
                          (ln('ARRAY_SIZE(foo->words)'), 'sizeof'), (ln('bytes, 2);'), 'double')])
        self.assertEqual(self.mutated_line(ss[1]), [
            '\tret = regmap_bulk_read(foo->map, CTRL, foo->words, sizeof(foo->words));'])
        self.assertEqual(self.mutated_line(ss[2]),
                         ['\treturn regmap_bulk_read(foo->map, CTRL, bytes, 2 * 2);'])

    def test_equivalent(self):
        eq = {}
        for op in mutate.OPS:
            for s in self.sites(op.name):
                eq[(op.name, s.lines[0])] = op.equivalent(self.drv, s)
        # 1 under BIT(4): a defect; 1 under BIT(0): none
        self.assertIsNone(eq[('one-under-bit', ln('CTRL_EN, CTRL_EN);'))])
        self.assertIn('holds bit 0', eq[('one-under-bit', ln('CTRL_LOW, CTRL_LOW'))])
        # unshifted 2 under GENMASK(3, 2) | BIT(4): bit 1 outside
        self.assertIsNone(eq[('drop-shift', ln('CTRL_MODE | CTRL_EN,') - 1)])
        # FIELD_PREP(CTRL_MODE, 1) -> 1 under 0xc: outside; 3 << 2 -> 3 under 0xc: outside
        self.assertIsNone(eq[('drop-shift', ln('FIELD_PREP(CTRL_MODE, 1)'))])
        self.assertIsNone(eq[('drop-shift', ln('foo_set_mode(foo, 3'))])
        # swap: new mask 0x10 under which 0x1c has bits outside; new mask 0: a defect
        self.assertIsNone(eq[('swap-mask-value', ln('CTRL_ALL, CTRL_EN'))])
        self.assertIsNone(eq[('swap-mask-value', ln('CTRL_EN, 0);'))])
        # u8 raw[6]: sizeof == ARRAY_SIZE; u16 words[4] at 8-bit values: 8 bytes fill it
        self.assertIn('1-byte elements', eq[('bulk-count-in-bytes', ln('raw, ARRAY_SIZE(raw)'))])
        self.assertIn('8-bit values', eq[('bulk-count-in-bytes', ln('ARRAY_SIZE(foo->words)'))])
        self.assertIsNone(eq[('bulk-count-in-bytes', ln('bytes, 2);'))])

    def test_equivalent_swaps(self):
        tree = Tree(c='#include "foo.h"\nvoid f(struct foo *foo)\n{\n'
                      '\tregmap_update_bits(foo->map, CTRL, CTRL_EN, BIT(4));\n'
                      '\tregmap_update_bits(foo->map, CTRL, 0xff, CTRL_MODE);\n'
                      '\tregmap_update_bits(foo->map, CTRL, CTRL_ALL, 0xc);\n'
                      '\tregmap_update_bits(foo->map, CTRL, 0xff, 0);\n'
                      '\tregmap_update_bits(foo->map, CTRL, 0xff, 0x100);\n}\n')
        try:
            drv = tree.driver()
            op = self.ops['swap-mask-value']
            why = [op.equivalent(drv, s) for s in mutate.find_sites([op], drv)[op.name]]
            self.assertIn('no bit outside', why[0])
            self.assertIn('all ones', why[1])
            self.assertIsNone(why[2])
            self.assertIsNone(why[3])   # a mask of 0 once swapped: the rule reports it
            self.assertIsNone(why[4])   # 0xff does not cover the new mask 0x100
        finally:
            tree.close()

    def test_the_buffer_in_scope(self):
        c = ('#include "foo.h"\nint a(struct foo *foo)\n{\n\tu16 buf[2];\n\n'
             '\treturn regmap_bulk_read(foo->map, CTRL, buf, ARRAY_SIZE(buf));\n}\n'
             'int b(struct foo *foo)\n{\n\tu8 buf[2];\n\n'
             '\treturn regmap_bulk_read(foo->map, CTRL, buf, ARRAY_SIZE(buf));\n}\n'
             'int c(struct foo *foo)\n{\n'     # 8 is not the size of words[4]: no site
             '\treturn regmap_bulk_read(foo->map, CTRL, foo->words, 8);\n}\n'
             'int d(struct foo *foo)\n{\n\tu16 *words = &foo->words[0];\n\n'   # a pointer
             '\treturn regmap_bulk_read(foo->map, CTRL, words, 4);\n}\n'
             'int e(struct foo *foo, u16 *words)\n{\n'                           # a parameter
             '\treturn regmap_bulk_read(foo->map, CTRL, words, 4);\n}\n'
             'int f(struct foo *foo)\n{\n'                   # the struct's member: a site
             '\treturn regmap_bulk_read(foo->map, CTRL, foo->words, 4);\n}\n')
        tree = Tree(c=c)
        try:
            drv = tree.driver()
            op = self.ops['bulk-count-in-bytes']
            ss = mutate.find_sites([op], drv)[op.name]
            self.assertEqual([s.info['kind'] for s in ss], ['sizeof', 'sizeof', 'double'])
            self.assertEqual(ss[2].info['buf'], 'foo->words')
            why = [op.equivalent(drv, s) for s in ss]
            self.assertIsNone(why[0])                   # u16: twice the count (no config)
            self.assertIn('1-byte elements', why[1])    # u8 in b(), whatever a() declares
        finally:
            tree.close()

    def test_sites_in_the_drivers_own_header(self):
        h = DRIVER_H + ('\nstatic inline int foo_on(struct foo *foo)\n{\n'
                        '\treturn regmap_update_bits(foo->map, CTRL, CTRL_EN, CTRL_EN);\n}\n')
        tree = Tree(h=h)
        try:
            drv = tree.driver()
            ss = mutate.find_sites([self.ops['one-under-bit']], drv)['one-under-bit']
            hs = [x for x in ss if x.path == 'drivers/foo/foo.h']
            self.assertEqual([(x.target, x.lines[0]) for x in hs],
                             [('drivers/foo/foo.c', h.split('\n').index(
                                 '\treturn regmap_update_bits(foo->map, CTRL, CTRL_EN, CTRL_EN);')
                                 + 1)])
            self.assertEqual(hs[0].where(), 'drivers/foo/foo.h:%d (in drivers/foo/foo.c)'
                             % hs[0].lines[0])
            self.assertIn('regmap_update_bits(foo->map, CTRL, CTRL_EN, 1);', hs[0].apply(h))
        finally:
            tree.close()

    def test_a_shared_header_site_once(self):
        h = DRIVER_H + ('\nstatic inline int foo_on(struct foo *foo)\n{\n'
                        '\treturn regmap_update_bits(foo->map, CTRL, CTRL_EN, CTRL_EN);\n}\n')
        tree = Tree(h=h)
        try:
            with open(os.path.join(tree.root, 'drivers', 'foo', 'bar.c'), 'w') as fp:
                fp.write('#include "foo.h"\n')
            files = ['drivers/foo/bar.c', 'drivers/foo/foo.c']
            ss = mutate.collect_sites(tree.root, files, [self.ops['one-under-bit']])
            hs = [x for x in ss['one-under-bit'] if x.path.endswith('.h')]
            self.assertEqual([x.target for x in hs], ['drivers/foo/bar.c'])
            self.assertEqual(len(ss['one-under-bit']), 3)
        finally:
            tree.close()

    def test_no_sites_in_macros_or_comments(self):
        tree = Tree(c='#define SET(m) regmap_update_bits(map, R, BIT(1), BIT(1))\n'
                      '/* regmap_update_bits(map, R, BIT(1), BIT(1)); */\n', h='')
        try:
            drv = tree.driver()
            self.assertEqual(sum(len(v) for v in mutate.find_sites(mutate.OPS, drv).values()),
                             0)
        finally:
            tree.close()


class Lines(unittest.TestCase):
    def test_same_lines(self):
        self.assertEqual(mutate.same_lines('A |\n\t B', '1'), '1\n')
        self.assertEqual(mutate.same_lines('V', 'A |\n\t\t B'), 'A | B')
        self.assertEqual(mutate.same_lines('x\ny', 'a\nb\nc'), 'a\nb c')
        self.assertEqual(mutate.same_lines('x', 'y'), 'y')

    def test_every_line_keeps_its_number(self):
        c = ('#include "foo.h"\nvoid f(struct foo *foo)\n{\n'
             '\tregmap_update_bits(foo->map, CTRL,\n\t\t\t   CTRL_EN |\n\t\t\t   CTRL_LOW,\n'
             '\t\t\t   CTRL_EN |\n\t\t\t   CTRL_LOW);\n'
             '\tregmap_update_bits(foo->map, CTRL, CTRL_MODE |\n\t\t\t   CTRL_EN, 0);\n}\n')
        tree = Tree(c=c)
        try:
            drv = tree.driver()
            for op in mutate.OPS:
                for site in mutate.find_sites([op], drv)[op.name]:
                    m = site.apply(c)
                    self.assertEqual(m.count('\n'), c.count('\n'), site.what)
                    self.assertEqual(m.split('\n')[site.lines[1]:], c.split('\n')[site.lines[1]:])
            one = mutate.find_sites([self.op('one-under-bit')], drv)['one-under-bit'][0]
            self.assertEqual(one.apply(c).split('\n')[3:8], [
                '\tregmap_update_bits(foo->map, CTRL,', '\t\t\t   CTRL_EN |',
                '\t\t\t   CTRL_LOW,', '\t\t\t   1', ');'])
            swap = mutate.find_sites([self.op('swap-mask-value')], drv)['swap-mask-value'][-1]
            self.assertEqual(swap.apply(c).split('\n')[8:10], [
                '\tregmap_update_bits(foo->map, CTRL, 0', ', CTRL_MODE | CTRL_EN);'])
        finally:
            tree.close()

    @staticmethod
    def op(name):
        return [o for o in mutate.OPS if o.name == name][0]


class Sample(unittest.TestCase):
    def sites(self):
        out = []
        for f in range(5):
            for k in range(f + 1):
                out.append(mutate.Site('op', 'f%d.c' % f, 'f%d.c' % f, [(k, k + 1, 'x')],
                                       (k + 1, k + 1), '', 'direct', {}, ()))
        return out

    def test_even_and_seeded(self):
        a = mutate.sample(self.sites(), 7, 3, 'op')
        b = mutate.sample(self.sites(), 7, 3, 'op')
        self.assertEqual([(s.path, s.lines) for s in a], [(s.path, s.lines) for s in b])
        self.assertEqual(len({s.path for s in a[:5]}), 5)     # one per file first
        self.assertEqual(len(mutate.sample(self.sites(), 100, 3, 'op')), 15)
        c = mutate.sample(self.sites(), 7, 4, 'op')
        self.assertNotEqual([(s.path, s.lines) for s in a], [(s.path, s.lines) for s in c])


class Verdicts(unittest.TestCase):
    def mutant(self):
        site = mutate.Site('swap-mask-value', 'd/f.c', 'd/f.c', [], (10, 12), '', 'direct',
                           {}, ())
        op = [o for o in mutate.OPS if o.name == 'swap-mask-value'][0]
        return mutate.Mutant(site, op, 'k')

    def finding(self, line, rule='update-bits-value-outside-mask', notes=()):
        return mutate.Finding(rule, 'd/f.c', line, 1, 'm', list(notes))

    def verdict(self, found, before=(), errors=()):
        m = self.mutant()
        m.res['flags'] = mutate.Result(0, list(found), list(errors))
        return mutate.judge(m, 'flags', mutate.Result(0, list(before), []))

    def test_on_the_call(self):
        self.assertEqual(self.verdict([self.finding(11)]), 'detected')

    def test_at_a_helper_call_with_a_note_on_it(self):
        f = self.finding(40, notes=[('d/f.c', 10, "'h' makes the call here")])
        self.assertEqual(self.verdict([f]), 'detected')

    def test_other_rule_or_line(self):
        self.assertEqual(self.verdict([self.finding(11, rule='write-exceeds-val-bits'),
                                       self.finding(13)]), 'miss')

    def test_pre_existing(self):
        self.assertEqual(self.verdict([self.finding(10)], before=[self.finding(10)]),
                         'pre-existing')

    def test_error(self):
        self.assertEqual(self.verdict([], errors=['d/f.c: cannot parse']), 'error')


class Overlay(unittest.TestCase):
    def test_paths_relative_to_the_run(self):
        r = mutate.Runner('rl', '/t', {'d/f.c': ('/t', ['-I.', 'd/f.c'], {}),
                                       'd/g.c': ('/t/d', ['-I.', 'g.c'], {}),
                                       'd/h.c': ('/t/d', ['../x/h.c'], {})}, {})
        self.assertEqual(r.overlay_path('flags', 'd/f.c', 'd/f.c'), 'd/f.c')
        self.assertEqual(r.overlay_path('flags', 'd/f.c', 'd/f.h'), 'd/f.h')
        self.assertEqual(r.overlay_path('flags', 'd/g.c', 'd/g.c'), 'g.c')
        self.assertIsNone(r.overlay_path('flags', 'd/g.c', 'e/g.h'))   # above kbuild's cwd
        self.assertIsNone(r.overlay_path('flags', 'd/h.c', 'd/h.c'))   # kbuild names another
        self.assertEqual(r.overlay_path('lone', 'd/h.c', 'd/h.c'), 'd/h.c')


# A driver of the regmap_field API in the shapes 6.12's have: an enum-indexed table
# allocated in bulk, per-variant tables reached through a member, a field in a variable and
# a designated one, a wrapper taking the enum index, a non-devm allocation freed on remove.
FIELD_H = '''\
#define CTRL		0x10
#define IRQ		0x14
#define SEL		0x18
#define MODE_SHIFT	1

enum foo_field_id { F_EN, F_MODE, F_GAIN, F_MAX };
enum bar_field_id { B_LOW, B_HIGH, B_MAX };

struct bar_data {
	const struct reg_field *fields;
};

struct foo {
	struct regmap *map;
	const struct bar_data *data;
	struct regmap_field *fields[F_MAX];
	struct regmap_field *bar[B_MAX];
	struct regmap_field *irq;
	struct regmap_field *sel;
};
'''

FIELD_C = '''\
#include <linux/regmap.h>
#include "foo.h"

static const struct regmap_config foo_regmap = {
	.reg_bits = 8,
	.val_bits = 8,
};

static const struct reg_field foo_fields[] = {
	[F_EN] = REG_FIELD(CTRL, 0, 0),
	[F_MODE] = REG_FIELD(CTRL, 1, 3),
	[F_GAIN] = REG_FIELD(CTRL, 4, 7),
};

static const struct reg_field bar_v1_fields[] = {
	REG_FIELD(SEL, 0, 1),
	REG_FIELD(SEL, 2, 3),
};

static const struct reg_field bar_v2_fields[] = {
	REG_FIELD(SEL, 0, 2),
	REG_FIELD(SEL, 4, 5),
};

static const struct bar_data bar_v1 = { .fields = bar_v1_fields };
static const struct bar_data bar_v2 = { .fields = bar_v2_fields };

static const struct reg_field irq_field = REG_FIELD(IRQ, 2, 5);
static const struct reg_field sel_field = {
	.reg = SEL,
	.lsb = 4,
	.msb = 6,
};

static int foo_field_write(struct foo *priv, enum foo_field_id id, unsigned int val)
{
	return regmap_field_write(priv->fields[id], val);
}

static int foo_probe(struct device *dev, struct foo *priv)
{
	struct regmap_field *f;
	struct reg_field lf = REG_FIELD(CTRL, 0, 1);
	int i, ret;

	ret = devm_regmap_field_bulk_alloc(dev, priv->map, priv->fields, foo_fields, F_MAX);
	if (ret)
		return ret;
	for (i = 0; i < B_MAX; i++) {
		priv->bar[i] = devm_regmap_field_alloc(dev, priv->map, priv->data->fields[i]);
		if (IS_ERR(priv->bar[i]))
			return PTR_ERR(priv->bar[i]);
	}
	priv->irq = devm_regmap_field_alloc(dev, priv->map, irq_field);
	if (IS_ERR(priv->irq)) {
		dev_err(dev, "no irq field\\n");
		return PTR_ERR(priv->irq);
	}
	priv->sel = regmap_field_alloc(priv->map, sel_field);
	if (IS_ERR(priv->sel))
		return PTR_ERR(priv->sel);
	f = devm_regmap_field_alloc(dev, priv->map, lf);
	if (IS_ERR(f))
		return PTR_ERR(f);
	regmap_field_write(priv->fields[F_MODE], 2);
	foo_field_write(priv, F_GAIN, 3);
	regmap_field_update_bits(priv->fields[F_GAIN], 0x3, 1);
	regmap_field_write(priv->irq, 0);
	regmap_field_write(priv->bar[B_HIGH], 1);
	regmap_field_write(priv->fields[F_MODE], ret);
	return regmap_field_write(f, 1);
}

static void foo_remove(struct foo *priv)
{
	regmap_field_free(priv->sel);
}
'''


def fln(fragment, text=FIELD_C):
    lines = [k for k, l in enumerate(text.split('\n'), 1) if fragment in l]
    assert len(lines) == 1, fragment
    return lines[0]


class FieldOperators(unittest.TestCase):
    def setUp(self):
        self.tree = Tree(c=FIELD_C, h=FIELD_H)
        self.drv = self.tree.driver()
        self.ops = {op.name: op for op in mutate.OPS}

    def tearDown(self):
        self.tree.close()

    def sites(self, name):
        return mutate.find_sites([self.ops[name]], self.drv)[name]

    def mutated(self, site):
        text = site.apply(self.drv.src.text)
        self.assertEqual(text.count('\n'), self.drv.src.text.count('\n'))
        return text.split('\n')[site.lines[0] - 1:site.lines[1]]

    def test_the_apis(self):
        self.assertEqual({op.name for op in mutate.OPS if op.api == 'regmap'},
                         {'swap-mask-value', 'drop-shift', 'one-under-bit',
                          'bulk-count-in-bytes'})
        self.assertEqual(len([op for op in mutate.OPS if op.api == 'field']), 14)

    def test_definitions(self):
        fm = mutate.field_model(self.drv)
        got = [(d.kind, d.name(), fm.bits(d)) for d in fm.defs]
        self.assertEqual(got, [
            ('REG_FIELD', 'foo_fields[F_EN]', (0, 0)),
            ('REG_FIELD', 'foo_fields[F_MODE]', (1, 3)),
            ('REG_FIELD', 'foo_fields[F_GAIN]', (4, 7)),
            ('REG_FIELD', 'bar_v1_fields[0]', (0, 1)),
            ('REG_FIELD', 'bar_v1_fields[1]', (2, 3)),
            ('REG_FIELD', 'bar_v2_fields[0]', (0, 2)),
            ('REG_FIELD', 'bar_v2_fields[1]', (4, 5)),
            ('REG_FIELD', 'irq_field', (2, 5)),
            ('designated', 'sel_field', (4, 6)),
            ('REG_FIELD', 'lf', (0, 1))])
        self.assertEqual(fm.defs[-1].func, 'foo_probe')

    def test_handles(self):
        fm = mutate.field_model(self.drv)

        def names(text):
            return [d.name() for d in fm.handle_defs(toks(text))]
        self.assertEqual(names('priv->fields[F_GAIN]'), ['foo_fields[F_GAIN]'])     # bulk
        self.assertEqual(names('p->bar[B_HIGH]'), ['bar_v1_fields[1]', 'bar_v2_fields[1]'])
        self.assertEqual(names('priv->irq'), ['irq_field'])
        self.assertEqual(names('priv->sel'), ['sel_field'])
        self.assertEqual(names('f'), ['lf'])
        self.assertEqual(names('priv->fields[id]'), [])     # not a constant: unknown
        self.assertEqual(names('priv->other'), [])

    def test_swap_lsb_msb(self):
        ss = self.sites('swap-lsb-msb')
        # one-bit fields are no site; the designated one is
        self.assertEqual(len(ss), 9)
        s = [x for x in ss if 'sel_field' in x.what][0]
        text = s.apply(self.drv.src.text)
        self.assertIn('.lsb = 6,\n\t.msb = 4,', text)
        self.assertEqual(self.mutated([x for x in ss if 'F_GAIN' in x.what][0]),
                         ['\t[F_GAIN] = REG_FIELD(CTRL, 7, 4),'])

    def test_widen_field(self):
        ss = self.sites('widen-field')
        got = {x.lines[0]: (x.what.split(': ')[1], self.ops['widen-field'].equivalent(
            self.drv, x)) for x in ss}
        # F_EN (bit 0) grows into bit 1 of F_MODE (1..3): an overlap
        self.assertIn("msb '0' becomes 1", got[fln('[F_EN] =')][0])
        self.assertIsNone(got[fln('[F_EN] =')][1])
        self.assertIn("msb '3' becomes 4", got[fln('[F_MODE] =')][0])
        self.assertIsNone(got[fln('[F_MODE] =')][1])
        self.assertIn("lsb '4' becomes 3", got[fln('[F_GAIN] =')][0])
        # irq_field (IRQ) and sel_field (SEL) have no neighbour on their register
        self.assertNotIn(fln('irq_field = REG'), got)

    def test_widen_into_a_one_bit_neighbour(self):
        c = ('#include "foo.h"\nstatic const struct reg_field t[] = {\n'
             '\tREG_FIELD(CTRL, 0, 3),\n\tREG_FIELD(CTRL, 4, 4),\n\tREG_FIELD(IRQ, 5, 7),\n};\n')
        tree = Tree(c=c, h=FIELD_H)
        try:
            drv = tree.driver()
            op = self.ops['widen-field']
            ss = mutate.find_sites([op], drv)[op.name]
            self.assertEqual([(x.lines[0], x.info['bits']) for x in ss], [(3, '0 4'), (4, '3 4')])
            # a field grown over a one-bit neighbour is reported now (no deliberate form)
            self.assertIsNone(op.equivalent(drv, ss[0]))
            self.assertIsNone(op.equivalent(drv, ss[1]))    # 3..4 against 0..3
        finally:
            tree.close()

    def test_field_past_reg_width(self):
        ss = self.sites('field-past-reg-width')
        self.assertEqual(self.mutated([x for x in ss if 'F_MODE' in x.what][0]),
                         ['\t[F_MODE] = REG_FIELD(CTRL, 1, 8),'])   # val_bits 8
        self.assertEqual(len(ss), 10)

    def test_write_too_wide(self):
        ss = self.sites('write-too-wide')
        got = [(x.lines[0], x.shape, x.info['val']) for x in ss]
        self.assertEqual(got, [
            (fln('priv->fields[F_MODE], 2)'), 'direct', '0xa'),        # 3 bits: 2 | 8
            (fln('foo_field_write(priv, F_GAIN'), 'through foo_field_write', '0x13'),
            (fln('priv->irq, 0)'), 'direct', '0x10'),
            (fln('priv->bar[B_HIGH], 1)'), 'direct', '0x5'),           # the widest variant
            (fln('regmap_field_write(f, 1)'), 'direct', '0x5')])
        self.assertEqual(self.mutated(ss[1]), ['\tfoo_field_write(priv, F_GAIN, 0x13);'])

    def test_pre_shift_value(self):
        ss = self.sites('pre-shift-value')
        eq = self.ops['pre-shift-value'].equivalent
        got = [(x.lines[0], x.info['val'], eq(self.drv, x)) for x in ss]
        # the value 0 and the fields at bit 0 are no site; B_HIGH's lsb differs per variant
        self.assertEqual([g[:2] for g in got], [(fln('priv->fields[F_MODE], 2)'), '(2) << 1'),
                                                (fln('foo_field_write(priv, F_GAIN'),
                                                 '(3) << 4')])
        self.assertIn('still fits', got[0][2])      # 4 in a 3-bit field
        self.assertIsNone(got[1][2])                # 0x30 in a 4-bit one

    def test_update_mask_outside(self):
        ss = self.sites('update-mask-outside')
        self.assertEqual(len(ss), 1)
        self.assertEqual(self.mutated(ss[0]),
                         ['\tregmap_field_update_bits(priv->fields[F_GAIN], 0x13, 1);'])

    def test_is_err(self):
        drop = self.sites('drop-is-err')
        null = self.sites('is-err-to-null')
        self.assertEqual(len(drop), 4)
        self.assertEqual(len(null), 4)
        # the whole if (braces and all) goes; the lines stay
        s = [x for x in drop if 'priv->irq' in x.what][0]
        text = s.apply(self.drv.src.text).split('\n')
        self.assertEqual(s.lines[0], fln('priv->irq = devm'))
        self.assertEqual([l.strip() for l in text[fln('IS_ERR(priv->irq)') - 1:
                                                   fln('PTR_ERR(priv->irq)') + 1]], [''] * 4)
        self.assertEqual(text[fln('priv->sel = regmap') - 1], '\tpriv->sel = regmap_field_alloc('
                         'priv->map, sel_field);')
        n = [x for x in null if 'bar[i]' in x.what][0]
        self.assertEqual(self.mutated(n), ['\t\tif (!priv->bar[i])'])

    def test_drop_free(self):
        ss = self.sites('drop-free')
        self.assertEqual(len(ss), 1)
        self.assertEqual(self.mutated(ss[0]), ['\t'])
        self.assertEqual(ss[0].more, (('drivers/foo/foo.c', fln('priv->sel = regmap'),
                                       fln('priv->sel = regmap')),))

    def test_mutate_const_table(self):
        ss = self.sites('mutate-const-table')
        self.assertEqual([x.info['table'] for x in ss], ['foo_fields'])
        text = ss[0].apply(self.drv.src.text).split('\n')
        self.assertEqual(text[fln('foo_fields[] =') - 1],
                         'static  struct reg_field foo_fields[] = {')
        self.assertEqual(text[fln('bulk_alloc(dev') - 1].strip(),
                         'foo_fields[0].reg += 4; ret = devm_regmap_field_bulk_alloc(dev, '
                         'priv->map, priv->fields, foo_fields, F_MAX);')

    def test_shorten_table(self):
        ss = self.sites('shorten-table')
        self.assertEqual([x.info['table'] for x in ss], ['foo_fields'])
        self.assertEqual(self.mutated(ss[0]), ['\t'])
        self.assertEqual(ss[0].more[0][1], fln('bulk_alloc(dev'))
        self.assertIsNone(self.ops['shorten-table'].equivalent(self.drv, ss[0]))

    def test_index_past_end(self):
        ss = self.sites('index-past-end')
        got = [(x.lines[0], x.shape) for x in ss]
        self.assertEqual(got, [(fln('priv->fields[F_MODE], 2)'), 'direct'),
                               (fln('foo_field_write(priv, F_GAIN'), 'through foo_field_write'),
                               (fln('update_bits(priv->fields[F_GAIN]'), 'direct'),
                               (fln('priv->bar[B_HIGH], 1)'), 'direct'),
                               (fln('priv->fields[F_MODE], ret)'), 'direct')])
        self.assertEqual(self.mutated(ss[1]), ['\tfoo_field_write(priv, F_MAX, 3);'])
        self.assertEqual(self.mutated(ss[3]), ['\tregmap_field_write(priv->bar[B_MAX], 1);'])

    def test_drop_used_entry(self):
        # F_MODE and F_GAIN index handles at calls (F_GAIN through the wrapper); F_GAIN is
        # the unsized table's last slot (dropping it shortens the table: not this operator)
        ss = self.sites('drop-used-entry')
        self.assertEqual([(x.info['table'], x.info['slot']) for x in ss],
                         [('foo_fields', 'F_MODE')])
        self.assertEqual(self.mutated(ss[0]), ['\t'])
        self.assertEqual(ss[0].more[0][1], fln('static const struct reg_field foo_fields[]'))

    def test_drop_used_entry_of_a_sized_table_and_not_of_a_shared_slot(self):
        c = FIELD_C.replace('foo_fields[] = {', 'foo_fields[F_MAX] = {')
        c = c.replace('static const struct reg_field bar_v1_fields[] = {\n\tREG_FIELD(SEL, 0, 1),',
                      'static const struct reg_field bar_v1_fields[] = {\n\t[F_MODE] = '
                      'REG_FIELD(SEL, 0, 1),')
        tree = Tree(c=c, h=FIELD_H)
        try:
            ss = mutate.find_sites([self.ops['drop-used-entry']],
                                   tree.driver())['drop-used-entry']
            # a sized table keeps its length: its last slot is a site; F_MODE is filled by
            # two tables (a per-variant slot): dropping one is no defect
            self.assertEqual([(x.info['table'], x.info['slot']) for x in ss],
                             [('foo_fields', 'F_GAIN')])
        finally:
            tree.close()

    def test_designated_to_assignments(self):
        ss = self.sites('designated-to-assignments')
        self.assertEqual(len(ss), 1)
        self.assertEqual(self.mutated(ss[0]), [
            '\tstruct reg_field lf; lf.reg = CTRL; lf.lsb = 0; lf.msb = 1;'])
        self.assertEqual(ss[0].more[0][1], fln('f = devm_regmap_field_alloc(dev, priv->map, lf)'))

    def test_shortened_table_with_its_own_size_is_equivalent(self):
        c = FIELD_C.replace('foo_fields, F_MAX)', 'foo_fields, 2)')
        tree = Tree(c=c, h=FIELD_H)
        try:
            drv = tree.driver()
            op = self.ops['shorten-table']
            ss = mutate.find_sites([op], drv)[op.name]
            self.assertIn('does not reach past', op.equivalent(drv, ss[0]))
        finally:
            tree.close()

    def test_no_site_without_a_known_handle(self):
        c = ('#include "foo.h"\nint g(struct foo *priv, struct regmap_field *h)\n{\n'
             '\tregmap_field_write(h, 1);\n'
             '\treturn regmap_field_write(priv->fields[F_EN], 1);\n}\n')
        tree = Tree(c=c, h=FIELD_H)
        try:
            drv = tree.driver()
            ops = [self.ops[n] for n in ('write-too-wide', 'pre-shift-value', 'drop-is-err')]
            self.assertEqual(sum(len(v) for v in mutate.find_sites(ops, drv).values()), 0)
        finally:
            tree.close()

    def test_detected_through_another_line(self):
        site = mutate.Site('drop-is-err', 'd/f.c', 'd/f.c', [], (10, 10), '', 'direct', {},
                           (), 0, (('d/f.c', 30, 31),))
        m = mutate.Mutant(site, self.ops['drop-is-err'], 'k')
        f = mutate.Finding('alloc-result-unchecked', 'd/f.c', 31, 1, 'm', [])
        m.res['flags'] = mutate.Result(0, [f], [])
        self.assertEqual(mutate.judge(m, 'flags', mutate.Result(0, [], [])), 'detected')
        m2 = mutate.Mutant(site, self.ops['shorten-table'], 'k')
        g = mutate.Finding('field-id-out-of-range', 'd/f.c', 10, 1, 'm', [])
        m2.res['flags'] = mutate.Result(0, [g], [])
        self.assertEqual(mutate.judge(m2, 'flags', mutate.Result(0, [], [])), 'detected')


class Options(unittest.TestCase):
    def parse(self, *argv):
        old = sys.argv
        sys.argv = ['ci/mutate'] + list(argv)
        try:
            return mutate.options()
        finally:
            sys.argv = old

    def test_the_api_and_its_operators(self):
        a = self.parse()
        self.assertEqual((a.api, [o.name for o in a.op_list]),
                         ('regmap', ['swap-mask-value', 'drop-shift', 'one-under-bit',
                                     'bulk-count-in-bytes']))
        b = self.parse('--api', 'field')
        self.assertEqual(len(b.op_list), 14)
        self.assertEqual(self.parse('--ops', 'shorten-table').api, 'field')

    def test_one_api_at_a_time(self):
        with open(os.devnull, 'w') as null:
            err, sys.stderr = sys.stderr, null
            try:
                with self.assertRaises(SystemExit):
                    self.parse('--ops', 'swap-lsb-msb,drop-shift')
                with self.assertRaises(SystemExit):
                    self.parse('--api', 'regmap', '--ops', 'swap-lsb-msb')
            finally:
                sys.stderr = err

    def test_remarks_on_the_other_lines(self):
        v = 'd/f.c:10:3: remark: a\nd/f.c:31:1: remark: b\nd/g.c:31:1: remark: c\n'
        self.assertEqual(mutate.remarks_on(v, 'd/f.c', (10, 10)), ['d/f.c:10:3: remark: a'])
        self.assertEqual(len(mutate.remarks_on(v, 'd/f.c', (10, 10), (('d/f.c', 30, 31),))), 2)


if __name__ == '__main__':
    unittest.main()
