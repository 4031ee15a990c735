# mk/fuzz-catalog.mk -- libFuzzer target for the JSON parser, String Catalogs and JSON tables.
#
#   make fuzz-catalog         fuzz for FUZZ_SECONDS (default 300); findings land in build/fuzz/
#   make fuzz-catalog-smoke   20 seconds, part of `make test`
#
# The target is compiled with swiftc from the core's sources and its entry point
# (FUZZ_CORE_SOURCES, FUZZ_SWIFTFLAGS: the top Makefile), with -sanitize=fuzzer,address. Seeds are Fuzz/seeds/catalog (see its README);
# libFuzzer grows a working copy of them under build/fuzz/, never the seeds themselves.

SWIFTC        ?= swiftc
FUZZ_SECONDS  ?= 300

TESTS        += fuzz-catalog-smoke
FUZZ_TARGETS += fuzz-catalog

.PHONY: fuzz-catalog fuzz-catalog-smoke

FUZZ_CATALOG_DIR     := $(BUILD)/fuzz/catalog
FUZZ_CATALOG_BIN     := $(FUZZ_CATALOG_DIR)/string-catalog-fuzz
FUZZ_CATALOG_CORPUS  := $(FUZZ_CATALOG_DIR)/corpus
FUZZ_CATALOG_SOURCES := Fuzz/StringCatalogFuzz.swift $(FUZZ_CORE_SOURCES)

$(FUZZ_CATALOG_BIN): $(FUZZ_CATALOG_SOURCES)
	mkdir -p $(dir $@)
	$(SWIFTC) $(FUZZ_SWIFTFLAGS) -module-name StringCatalogFuzz $(FUZZ_CATALOG_SOURCES) $(ICU_LIBS) -o $@

$(FUZZ_CATALOG_CORPUS): $(wildcard Fuzz/seeds/catalog/*.xcstrings)
	mkdir -p $@
	cp Fuzz/seeds/catalog/*.xcstrings $@/
	touch $@

# -rss_limit_mb bounds memory per input; -max_len covers the seeds (the largest is ~6 KB).
FUZZ_CATALOG_RUN = cd $(FUZZ_CATALOG_DIR) && ./string-catalog-fuzz -max_len=16384 -rss_limit_mb=2048 \
	-artifact_prefix=$(abspath $(FUZZ_CATALOG_DIR))/ corpus

fuzz-catalog: $(FUZZ_CATALOG_BIN) $(FUZZ_CATALOG_CORPUS)
	$(FUZZ_CATALOG_RUN) -max_total_time=$(FUZZ_SECONDS)

fuzz-catalog-smoke: $(FUZZ_CATALOG_BIN) $(FUZZ_CATALOG_CORPUS)
	$(FUZZ_CATALOG_RUN) -max_total_time=20
