# mk/numbers.mk -- the oracle of localized numbers: Foundation's String(format:locale:) over the
# locales, conversions and values of Tests/NumberOracle/foundation-numbers.tsv, which the Swift
# suite's LocalizedNumberConformanceTests compares the library with (docs/formatting.md).
#
#   make number-oracle   rebuild the table with the toolchain's Foundation (by hand, when the
#                        toolchain changes: the table is checked in, and make test never writes it)

.PHONY: number-oracle

number-oracle:
	mkdir -p $(BUILD)/oracle
	$(SWIFTC) -O Tests/NumberOracle/generate-foundation-numbers.swift -o $(BUILD)/oracle/generate-foundation-numbers
	$(BUILD)/oracle/generate-foundation-numbers Tests/NumberOracle/foundation-numbers.tsv \
	    "$$($(SWIFTC) --version 2>/dev/null | head -1)"
