# mk/fuzz.mk -- the libFuzzer targets (Fuzz/README.md), all made by one template.
#
#   make fuzz-<name>   fuzz for FUZZ_SECONDS (default 300); names: $(FUZZ_NAMES)
#   make fuzz          every target, one after the other
#   make fuzz-smoke    FUZZ_SMOKE_SECONDS (20) of each target in FUZZ_SMOKE (part of make test)
#
# The core is compiled once, with swiftc -sanitize=fuzzer,address (FUZZ_CORE_SOURCES,
# FUZZ_SWIFTFLAGS in the top Makefile) and -enable-testing, into a static library and its module,
# so the code under test is instrumented; each target is Fuzz/<Harness>.swift, which imports it
# with @testable, linked against it. Everything a target writes stays in
# build/fuzz/<name>/: the binary, a working corpus grown from the seeds in Fuzz/Corpus/<name>/
# (never modified), and crash-*/timeout-* artifacts, each a regression test to add.

ifndef BUILD
$(error mk/fuzz.mk needs the top Makefile's variables: run make from the project root)
endif

# libFuzzer ships with the Swift toolchain's clang runtime.
SWIFTC             ?= swiftc
FUZZ_SECONDS       ?= 300
FUZZ_SMOKE_SECONDS ?= 20
FUZZ_DIR           := $(BUILD)/fuzz
FUZZ_SEEDS         := Fuzz/Corpus
# -rss_limit_mb bounds memory per input, -timeout flags a hang; max_len is per target.
FUZZ_RUN_FLAGS     := -rss_limit_mb=2048 -timeout=10

.PHONY: fuzz-smoke

# $(call fuzz_target,NAME,HARNESS,MAX_LEN): defines
#   $(FUZZ_DIR)/NAME/fuzzer   Fuzz/HARNESS.swift + FUZZ_NAME_SOURCES (files of its own), linked
#                             against the instrumented core, built with FUZZ_NAME_FLAGS added;
#                             module name HARNESS
#   $(FUZZ_DIR)/NAME/corpus   a copy of the seeds in Fuzz/Corpus/NAME, then the shell command
#                             FUZZ_NAME_CORPUS, when a target adds inputs of its own ($$dir
#                             names the corpus directory)
#   fuzz-NAME                 the run: nice -n 19, FUZZ_SECONDS, inputs of at most MAX_LEN bytes
# FUZZ_NAME_SOURCES and FUZZ_NAME_FLAGS must be set before the call (prerequisites are expanded
# when the rule is read).
define fuzz_target
FUZZ_NAMES   += $(1)
FUZZ_TARGETS += fuzz-$(1)
.PHONY: fuzz-$(1)

$(FUZZ_DIR)/$(1)/fuzzer: Fuzz/$(2).swift $(FUZZ_$(1)_SOURCES) $(FUZZ_CORE_LIBRARY)
	mkdir -p $$(dir $$@)
	$$(SWIFTC) $$(FUZZ_SWIFTFLAGS) -I $$(dir $$(FUZZ_CORE_LIBRARY)) $$(FUZZ_$(1)_FLAGS) -module-name $(2) \
	    Fuzz/$(2).swift $$(FUZZ_$(1)_SOURCES) $$(FUZZ_CORE_LIBRARY) $$(ICU_LIBS) -o $$@

$(FUZZ_DIR)/$(1)/corpus: $(shell find $(FUZZ_SEEDS)/$(1) -type f 2>/dev/null)
	rm -rf $$@ && mkdir -p $$@
	find $(FUZZ_SEEDS)/$(1) -type f ! -name README.md -exec cp {} $$@/ \;
	dir=$$@; $$(FUZZ_$(1)_CORPUS)
	touch $$@

fuzz_run_$(1) = cd $(FUZZ_DIR)/$(1) && nice -n 19 ./fuzzer $(FUZZ_RUN_FLAGS) -max_len=$(3) \
	-artifact_prefix=$(abspath $(FUZZ_DIR)/$(1))/ -max_total_time=$$(1) corpus

fuzz-$(1): $(FUZZ_DIR)/$(1)/fuzzer $(FUZZ_DIR)/$(1)/corpus
	$$(call fuzz_run_$(1),$$(FUZZ_SECONDS))
endef

# ------------------------------------------------------------------------------ the core
# One instrumented build of the core for every target: compiling it into each harness cost a
# whole-core compilation per target.
FUZZ_CORE_LIBRARY := $(FUZZ_DIR)/core/libErrorFormatter.a

$(FUZZ_CORE_LIBRARY): $(FUZZ_CORE_SOURCES) $(wildcard Sources/C*/*.h)
	mkdir -p $(dir $@)
	$(SWIFTC) $(FUZZ_SWIFTFLAGS) -enable-testing -module-name ErrorFormatter -emit-library -static \
	    -emit-module -emit-module-path $(dir $@)ErrorFormatter.swiftmodule $(FUZZ_CORE_SOURCES) -o $@

# ----------------------------------------------------------------------------------- targets
# .strings and property lists (the seeds include past findings, in regressions/).
$(eval $(call fuzz_target,strings,StringsParserFuzz,4096))

# The formatting engine: format strings and typed arguments.
$(eval $(call fuzz_target,format,FormatStringFuzz,70000))

# The JSON parser, String Catalogs and JSON tables (the largest seed is about 6 KB).
$(eval $(call fuzz_target,catalog,StringCatalogFuzz,16384))

# Table conversion, every writer read back. Its seeds are its past findings (format byte
# included) plus the .strings and String Catalog seeds, each behind the format byte the harness
# reads first.
FUZZ_convert_CORPUS = \
	for seed in $(FUZZ_SEEDS)/strings/*.strings; do \
	  { printf '\000'; cat "$$seed"; } > $$dir/strings-$$(basename "$$seed"); done; \
	for seed in $(FUZZ_SEEDS)/catalog/*.xcstrings; do \
	  { printf '\002'; cat "$$seed"; } > $$dir/catalog-$$(basename "$$seed"); done
$(FUZZ_DIR)/convert/corpus: $(wildcard $(FUZZ_SEEDS)/strings/*.strings $(FUZZ_SEEDS)/catalog/*.xcstrings)
$(eval $(call fuzz_target,convert,ConversionFuzz,16384))

# Sequences of C API calls with hostile arguments. The harness is compiled with the C layer, which
# imports the core as every harness does. Up to 300 small tables of ../shared/corpus join the
# seeds, as programs, when present.
FUZZ_api_SOURCES     := $(shell find Sources/ErrorFormatterC -name '*.swift' | LC_ALL=C sort)
FUZZ_api_FLAGS       := -I include
FUZZ_api_CORPUS = \
	if [ -d ../shared/corpus/data ]; then \
	  find ../shared/corpus/data -type f -size -60k -print0 | LC_ALL=C sort -z | head -z -n 300 \
	    | xargs -0 $(PYTHON) Fuzz/api_programs.py $$dir; fi
$(FUZZ_DIR)/api/corpus: Fuzz/api_programs.py

$(eval $(call fuzz_target,api,APISequenceFuzz,16384))

# Locale IDs, Accept-Language headers, environments, preference lists (the first byte says
# which). The localization names of ../shared/corpus (files.tsv, column lproj) join the seeds
# when present: each as an ID (selector 0), and all of them as one preference list (selector 3).
FUZZ_locale_CORPUS = \
	if [ -f ../shared/corpus/files.tsv ]; then \
	  tail -n +2 ../shared/corpus/files.tsv | cut -f4 | LC_ALL=C sort -u | grep -v '^$$' > $$dir.names; \
	  n=0; while read -r name; do n=$$((n + 1)); printf '\000%s' "$$name" > $$dir/shared-id-$$n; done < $$dir.names; \
	  { printf '\003'; cat $$dir.names; } > $$dir/shared-preferences; rm -f $$dir.names; fi
$(eval $(call fuzz_target,locale,LocaleInputFuzz,8192))

# The compiled catalog reader (docs/compiled-catalog.md). Seeds: small compiled catalogs, made
# from the examples by Fuzz/Corpus/compiled/README.md's command. Its custom mutator lays each
# mutated file out again with valid checksums (Fuzz/CompiledCatalogMutator.swift); it declares
# libFuzzer's LLVMFuzzerMutate with @_extern(c), an experimental feature of the compiler.
FUZZ_compiled_SOURCES := Fuzz/CompiledCatalogMutator.swift
FUZZ_compiled_FLAGS   := -enable-experimental-feature Extern
$(eval $(call fuzz_target,compiled,CompiledCatalogFuzz,8192))

# ------------------------------------------------------------------------------------ smoke
# The targets make test runs briefly: a crash in a parser's everyday paths shows up in seconds.
FUZZ_SMOKE := strings format catalog compiled
TESTS      += fuzz-smoke

fuzz-smoke: $(foreach name,$(FUZZ_SMOKE),$(FUZZ_DIR)/$(name)/fuzzer $(FUZZ_DIR)/$(name)/corpus)
	$(foreach name,$(FUZZ_SMOKE),($(call fuzz_run_$(name),$(FUZZ_SMOKE_SECONDS))) &&) true
