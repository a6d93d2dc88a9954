// corpus-args: -DVAL_BITS=16 -std=gnu11
/* corpus-args: -DX=1 */
static const struct reg_field t[] = {
	REG_FIELD(0x10, 4, 3), // expected-warning {{lsb (4) is greater than msb (3)}}
	REG_FIELD(0x10, 0, 1), // expected-note@+1 2 {{defined here}}
	REG_FIELD(0x14, 0, 7), // expected-warning@-1 1+ {{overlaps}} expected-remark@5 {{value=}}
	REG_FIELD(0x18, 0, 7), // expected-error 0 {{cannot}}
};
