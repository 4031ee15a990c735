# mk/fuzz-catalog.mk -- libFuzzer target for the JSON parser, String Catalogs and JSON tables.
#
#   make fuzz-catalog         fuzz for FUZZ_SECONDS (default 300); findings land in build/fuzz/
#   make fuzz-catalog-smoke   20 seconds, part of `make test`
#
# The target is compiled with swiftc straight from the library sources it needs (no ICU, no
# Foundation), with -sanitize=fuzzer,address. Seeds are Fuzz/seeds/catalog (see its README);
# libFuzzer grows a working copy of them under build/fuzz/, never the seeds themselves.

SWIFTC        ?= swiftc
FUZZ_SECONDS  ?= 300

TESTS        += fuzz-catalog-smoke
FUZZ_TARGETS += fuzz-catalog

.PHONY: fuzz-catalog fuzz-catalog-smoke

FUZZ_CATALOG_DIR     := $(BUILD)/fuzz/catalog
FUZZ_CATALOG_BIN     := $(FUZZ_CATALOG_DIR)/string-catalog-fuzz
FUZZ_CATALOG_CORPUS  := $(FUZZ_CATALOG_DIR)/corpus
FUZZ_CATALOG_SOURCES := Fuzz/StringCatalogFuzz.swift \
	$(addprefix Sources/ErrorFormatter/Tables/, JSONParser.swift JSONValue.swift JSONTableFile.swift \
	    StringCatalogFile.swift StringCatalogLoadResult.swift StringCatalogVariations.swift \
	    FormatReferences.swift TableContents.swift TableKey.swift VariableFormat.swift \
	    VariableFormat+PluralCategories.swift SourceLocator.swift ByteScanning.swift UTF8Validation.swift \
	    PropertyListTextEncoding.swift) \
	Sources/ErrorFormatter/Support/Diagnostic.swift

$(FUZZ_CATALOG_BIN): $(FUZZ_CATALOG_SOURCES)
	mkdir -p $(dir $@)
	$(SWIFTC) -sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 \
	    -module-name StringCatalogFuzz -o $@ $(FUZZ_CATALOG_SOURCES)

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
