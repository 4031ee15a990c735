# Fuzzing and benchmarking of the .strings / property-list parser.
#
#   make fuzz-smoke     build the libFuzzer target and run it for 20 s (part of `make test`)
#   make fuzz-strings   run it for FUZZ_SECONDS (default 300)
#   make bench-strings  ErrorFormatter vs Foundation on the shared corpus (needs ../shared)

FUZZ_SECONDS ?= 300
FUZZ_SMOKE_SECONDS ?= 20
FUZZ_BUILD := $(BUILD)/fuzz

STRINGS_FUZZ_SOURCES := Fuzz/StringsParserFuzz.swift $(FUZZ_CORE_SOURCES)

$(FUZZ_BUILD)/strings-fuzz: $(STRINGS_FUZZ_SOURCES)
	mkdir -p $(FUZZ_BUILD)
	swiftc $(FUZZ_SWIFTFLAGS) -module-name StringsFuzz $(STRINGS_FUZZ_SOURCES) $(ICU_LIBS) -o $@

# Seeds are copied so that the fuzzer's new inputs never land in the committed corpus.
define run-strings-fuzz
	mkdir -p Fuzz/work/strings Fuzz/artifacts
	cp -n Fuzz/Corpus/strings/*.strings Fuzz/Corpus/strings/regressions/* Fuzz/work/strings/ 2>/dev/null || true
	$(FUZZ_BUILD)/strings-fuzz -max_total_time=$(1) -timeout=10 -rss_limit_mb=2048 \
		-artifact_prefix=Fuzz/artifacts/ Fuzz/work/strings
endef

.PHONY: fuzz-smoke fuzz-strings bench-strings

fuzz-smoke: $(FUZZ_BUILD)/strings-fuzz
	$(call run-strings-fuzz,$(FUZZ_SMOKE_SECONDS))

fuzz-strings: $(FUZZ_BUILD)/strings-fuzz
	$(call run-strings-fuzz,$(FUZZ_SECONDS))

bench-strings:
	$(SWIFT) build -c release --package-path Benchmarks --scratch-path $(BUILD)/bench
	$(BUILD)/bench/release/strings-bench

TESTS += fuzz-smoke
FUZZ_TARGETS += fuzz-strings
BENCHES += bench-strings

# What locale resolution costs, first call and cached (Benchmarks/Sources/locale-bench).
.PHONY: bench-locales
BENCHES += bench-locales
bench-locales:
	$(SWIFT) build -c release --package-path Benchmarks --scratch-path $(BUILD)/bench --product locale-bench
	$(BUILD)/bench/release/locale-bench
