// regmap-lint: ignore x\
  continued
/* unterminated regmap-lint: ignore y