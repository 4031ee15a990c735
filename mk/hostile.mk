# mk/hostile.mk -- hostile callers, files and file systems (issue 10; docs/reliability.md).
#
#   make valgrind       the C and Python suites under valgrind, any memory error fails the run
#                       (~10 minutes on 2 cores; not part of make test)
#   make soak           soak-c and soak-python: 1,000,000 formats each, RSS printed, must be flat
#                       after the warm-up (~2 and ~4 minutes; not part of make test)
#   make fuzz-api       libFuzzer: sequences of C API calls with hostile arguments
#   make fuzz-locale    libFuzzer: locale IDs, Accept-Language headers, environments
#                       (both for FUZZ_SECONDS, default 300, at nice 19; in make fuzz)
#
# The link-swapping race, the FIFO, the limits and the 128 KiB-stack run are C tests
# (Tests/C/test_hostile_*.c), part of make test-c.

ifndef LIBNAME
$(error mk/hostile.mk needs the top Makefile's variables: run make from the project root)
endif

.PHONY: valgrind soak soak-c soak-python fuzz-api fuzz-locale
FUZZ_TARGETS += fuzz-api fuzz-locale

VALGRIND       ?= valgrind
VALGRIND_FLAGS := -q --error-exitcode=99 --num-callers=30

# The C suite's forked groups run under valgrind too (it follows fork); a group with a memory
# error exits 99 and is reported as not finished. The race runs 40 opens per thread here.
# PYTHONMALLOC=malloc: pymalloc's arenas are not valgrind-clean by design. Valgrind runs the
# interpreter itself (sys.executable): `python3` may be a launcher script (pyenv's shims are
# bash), and valgrind does not follow exec, so the suite would run unchecked and pass. The
# interpreter's own reports are suppressed (Tests/Valgrind/cpython.supp says which and why).
VALGRIND_PYTHON = $(shell $(PYTHON) -c 'import sys; print(sys.executable)')

valgrind: lib $(BUILD)/tests/c/abi-tests
	EF_TEST_RACE_OPENS=40 $(VALGRIND) $(VALGRIND_FLAGS) $(BUILD)/tests/c/abi-tests $(EXAMPLE)
	ERRORFORMATTER_LIBRARY=$(abspath $(BINDINGS_LIBRARY)) PYTHONPATH=$(abspath bindings/python/src) \
	    PYTHONMALLOC=malloc $(VALGRIND) $(VALGRIND_FLAGS) --suppressions=Tests/Valgrind/cpython.supp \
	    $(VALGRIND_PYTHON) -m pytest -q -p no:cacheprovider bindings/python/tests
	@echo "valgrind: the C and Python suites are clean"

SOAK_DIR := $(BUILD)/soak

$(SOAK_DIR)/soak: Tests/Soak/soak.c Tests/C/harness.c Tests/C/harness.h include/errorformatter.h $(BUILD)/lib/$(LIBNAME).$(VERSION)
	mkdir -p $(dir $@)
	$(CC) $(BINDINGS_CFLAGS) -ITests/C -o $@ Tests/Soak/soak.c Tests/C/harness.c $(BINDINGS_LDFLAGS)

soak: soak-c soak-python

soak-c: $(SOAK_DIR)/soak
	$(SOAK_DIR)/soak $(EXAMPLE) 1000000

soak-python: lib
	$(BINDINGS_PYTHON) Tests/Soak/soak.py $(EXAMPLE) 1000000

# libFuzzer targets. The API target drives the C layer (Sources/ErrorFormatterC), which imports
# the core as a module: the core is compiled first, instrumented, into a static library and its
# module, then the C layer and the entry point against it. The locale target is the core and its
# entry point, as the other fuzz targets are.
FUZZ_HOSTILE_DIR     := $(BUILD)/fuzz/hostile
FUZZ_C_LAYER_SOURCES := $(shell find Sources/ErrorFormatterC -name '*.swift' | LC_ALL=C sort)

$(FUZZ_HOSTILE_DIR)/core/libErrorFormatter.a: $(FUZZ_CORE_SOURCES)
	mkdir -p $(dir $@)
	$(SWIFTC) $(FUZZ_SWIFTFLAGS) -module-name ErrorFormatter -emit-library -static \
	    -emit-module -emit-module-path $(dir $@)ErrorFormatter.swiftmodule $(FUZZ_CORE_SOURCES) -o $@

$(FUZZ_HOSTILE_DIR)/api-fuzz: Fuzz/APISequenceFuzz.swift $(FUZZ_C_LAYER_SOURCES) $(FUZZ_HOSTILE_DIR)/core/libErrorFormatter.a
	$(SWIFTC) $(FUZZ_SWIFTFLAGS) -I include -I $(FUZZ_HOSTILE_DIR)/core -module-name APISequenceFuzz \
	    Fuzz/APISequenceFuzz.swift $(FUZZ_C_LAYER_SOURCES) $(FUZZ_HOSTILE_DIR)/core/libErrorFormatter.a $(ICU_LIBS) -o $@

$(FUZZ_HOSTILE_DIR)/locale-fuzz: Fuzz/LocaleInputFuzz.swift $(FUZZ_CORE_SOURCES)
	mkdir -p $(dir $@)
	$(SWIFTC) $(FUZZ_SWIFTFLAGS) -module-name LocaleInputFuzz $^ $(ICU_LIBS) -o $@

# Working corpora grown from the seeds (Fuzz/seeds/api, Fuzz/seeds/locale); ../shared/corpus's
# tables join the API corpus, and its localization names the locale corpus, when present.
$(FUZZ_HOSTILE_DIR)/api-corpus: $(wildcard Fuzz/seeds/api/*) Fuzz/seeds/api_programs.py
	mkdir -p $@
	cp Fuzz/seeds/api/* $@/
	if [ -d ../shared/corpus/data ]; then \
	  find ../shared/corpus/data -type f -size -60k -print0 | LC_ALL=C sort -z | head -z -n 300 \
	    | xargs -0 $(PYTHON) Fuzz/seeds/api_programs.py $@; fi
	touch $@

# The shared corpus' localization names (files.tsv, column lproj) join the locale corpus: each
# as an ID (selector byte 0), and all of them as one preference list (selector 3).
$(FUZZ_HOSTILE_DIR)/locale-corpus: $(wildcard Fuzz/seeds/locale/*)
	mkdir -p $@
	cp Fuzz/seeds/locale/* $@/
	if [ -f ../shared/corpus/files.tsv ]; then \
	  tail -n +2 ../shared/corpus/files.tsv | cut -f4 | LC_ALL=C sort -u | grep -v '^$$' > $@.names; \
	  n=0; while read -r name; do n=$$((n + 1)); printf '\000%s' "$$name" > $@/shared-id-$$n; done < $@.names; \
	  { printf '\003'; cat $@.names; } > $@/shared-preferences; rm -f $@.names; fi
	touch $@

fuzz-api: $(FUZZ_HOSTILE_DIR)/api-fuzz $(FUZZ_HOSTILE_DIR)/api-corpus
	cd $(FUZZ_HOSTILE_DIR) && nice -n 19 ./api-fuzz -max_len=16384 -rss_limit_mb=2048 -timeout=10 \
	    -artifact_prefix=$(abspath $(FUZZ_HOSTILE_DIR))/api- -max_total_time=$(FUZZ_SECONDS) api-corpus

fuzz-locale: $(FUZZ_HOSTILE_DIR)/locale-fuzz $(FUZZ_HOSTILE_DIR)/locale-corpus
	cd $(FUZZ_HOSTILE_DIR) && nice -n 19 ./locale-fuzz -max_len=8192 -rss_limit_mb=2048 -timeout=10 \
	    -artifact_prefix=$(abspath $(FUZZ_HOSTILE_DIR))/locale- -max_total_time=$(FUZZ_SECONDS) locale-corpus
