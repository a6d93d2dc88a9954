#include <linux/regmap.h>
/* regmap-lint: ignore field-overlap -- PAUSE_STOP bit 1 is never written */
static const struct reg_field a = REG_FIELD(0x10, 0, 1); // regmap-lint: ignore field-*, write-exceeds-field-width
/**
 * regmap-lint: ignore field-lsb-gt-msb --   the   datasheet
 *   says so
 */

// regmap-lint: ignore bulk-count-mismatch
// stacked
static const char *s = "/* regmap-lint: ignore field-overlap */ // not a comment";
static const char c = '"'; /* regmap-lint: ignore */
//! regmap-lint: ignore a,
/* regmap-lint: frobnicate */ /* regmap-lint: ignore a b */ int x; /* regmap-lint: ignore x --
