/* SPDX-License-Identifier: GPL-2.0 */
/* The variant's own header: the library's header, and the probe. */
#include "../include/swlib.h"

int sw7_probe(struct swlib *sw);
