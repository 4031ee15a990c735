# mk/fuzz-format.mk -- libFuzzer target for the formatting engine (Fuzz/FormatStringFuzz.swift).
#
#   make fuzz-format-smoke   ~20 s from the seed corpus (part of make test)
#   make fuzz-format         FUZZ_SECONDS (default 300) of fuzzing; findings land in
#                            $(BUILD)/fuzz/format/ as crash-* files to add as regression tests
#
# The target is compiled from the core's sources directly (FUZZ_CORE_SOURCES, not through the
# package), with libFuzzer and AddressSanitizer; it needs ICU's development files like the library.

ifndef BUILD
$(error mk/fuzz-format.mk needs the top Makefile's variables: run make from the project root)
endif

TESTS        += fuzz-format-smoke
FUZZ_TARGETS += fuzz-format

FUZZ_SECONDS ?= 300
# libFuzzer ships with the Swift toolchain's clang runtime; lld is the toolchain's linker (gold
# floods the log with warnings about ASan's local symbols).
SWIFTC       ?= swiftc
FUZZ_FORMAT_DIR    := $(BUILD)/fuzz/format
FUZZ_FORMAT_BINARY := $(FUZZ_FORMAT_DIR)/format-fuzzer
FUZZ_FORMAT_SEEDS  := Fuzz/Corpus/format
FUZZ_FORMAT_SOURCES := Fuzz/FormatStringFuzz.swift $(FUZZ_CORE_SOURCES)

.PHONY: fuzz-format fuzz-format-smoke

$(FUZZ_FORMAT_BINARY): $(FUZZ_FORMAT_SOURCES) Sources/CICU/cicu.h
	mkdir -p $(dir $@)
	$(SWIFTC) $(FUZZ_SWIFTFLAGS) -module-name FormatFuzz $(FUZZ_FORMAT_SOURCES) $(ICU_LIBS) -o $@

# The working corpus starts from the committed seeds and grows under $(BUILD).
fuzz-format-smoke: $(FUZZ_FORMAT_BINARY)
	mkdir -p $(FUZZ_FORMAT_DIR)/corpus
	cp $(FUZZ_FORMAT_SEEDS)/* $(FUZZ_FORMAT_DIR)/corpus/
	$(FUZZ_FORMAT_BINARY) -max_total_time=20 -max_len=4096 -rss_limit_mb=2048 -timeout=10 \
	    -artifact_prefix=$(FUZZ_FORMAT_DIR)/ $(FUZZ_FORMAT_DIR)/corpus

fuzz-format: $(FUZZ_FORMAT_BINARY)
	mkdir -p $(FUZZ_FORMAT_DIR)/corpus
	cp $(FUZZ_FORMAT_SEEDS)/* $(FUZZ_FORMAT_DIR)/corpus/
	$(FUZZ_FORMAT_BINARY) -max_total_time=$(FUZZ_SECONDS) -max_len=70000 -rss_limit_mb=2048 -timeout=10 \
	    -artifact_prefix=$(FUZZ_FORMAT_DIR)/ $(FUZZ_FORMAT_DIR)/corpus
