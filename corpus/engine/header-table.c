// SPDX-License-Identifier: GPL-2.0
/*
 * A table in the driver's own header: the engine reads headers the driver includes with
 * quotes, and findings point into the header. Its expectations are written there.
 */
#include <rml_probe.h>
#include "header-table.h"

void probe_header_table(void);
void probe_header_table(void)
{
	rml_probe_field(hdr_fields[F_B]); // expected-remark {{'F_B' reg=0x10 lsb=3 msb=5 width=3}}
}
