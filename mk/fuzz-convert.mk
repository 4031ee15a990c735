# mk/fuzz-convert.mk -- libFuzzer target for table conversion (Fuzz/ConversionFuzz.swift).
#
#   make fuzz-convert   FUZZ_SECONDS (default 300) of fuzzing; findings land in build/fuzz/convert/
#
# Not part of `make test`: it checks round trips of every writer, and a finding is a writer bug
# to fix with a test in Tests/ErrorFormatterTests/Conversion/ConversionCorpusTests.swift or Tests/CLI.
# Seeds: the .strings corpus of the strings fuzzer and the String Catalog seeds, each with the
# format byte the harness expects in front, and its past findings (Fuzz/seeds/convert/, format byte
# included), each also a unit test.

ifndef BUILD
$(error mk/fuzz-convert.mk needs the top Makefile's variables: run make from the project root)
endif

FUZZ_TARGETS += fuzz-convert
FUZZ_SECONDS ?= 300
SWIFTC       ?= swiftc

.PHONY: fuzz-convert

FUZZ_CONVERT_DIR     := $(BUILD)/fuzz/convert
FUZZ_CONVERT_BIN     := $(FUZZ_CONVERT_DIR)/convert-fuzz
FUZZ_CONVERT_SOURCES := Fuzz/ConversionFuzz.swift $(FUZZ_CORE_SOURCES)

$(FUZZ_CONVERT_BIN): $(FUZZ_CONVERT_SOURCES)
	mkdir -p $(dir $@)
	$(SWIFTC) $(FUZZ_SWIFTFLAGS) -module-name ConversionFuzz $(FUZZ_CONVERT_SOURCES) $(ICU_LIBS) -o $@

fuzz-convert: $(FUZZ_CONVERT_BIN)
	mkdir -p $(FUZZ_CONVERT_DIR)/corpus
	for seed in Fuzz/Corpus/strings/*.strings; do \
	  { printf '\000'; cat "$$seed"; } > $(FUZZ_CONVERT_DIR)/corpus/strings-$$(basename "$$seed"); done
	for seed in Fuzz/seeds/catalog/*.xcstrings; do \
	  { printf '\002'; cat "$$seed"; } > $(FUZZ_CONVERT_DIR)/corpus/catalog-$$(basename "$$seed"); done
	cp Fuzz/seeds/convert/* $(FUZZ_CONVERT_DIR)/corpus/
	cd $(FUZZ_CONVERT_DIR) && ./convert-fuzz -max_total_time=$(FUZZ_SECONDS) -max_len=16384 -rss_limit_mb=2048 \
	  -timeout=10 -artifact_prefix=$(abspath $(FUZZ_CONVERT_DIR))/ corpus
