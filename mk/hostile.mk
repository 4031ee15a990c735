# mk/hostile.mk -- hostile callers, files and file systems (docs/reliability.md).
#
#   make valgrind       the C and Python suites under valgrind, any memory error fails the run
#                       (minutes; not part of make test)
#   make soak           1,000,000 formats from C, then from Python, RSS printed, must be flat
#                       after the warm-up (minutes; not part of make test)
#
# Hostile inputs to the C API and to locale resolution are fuzzed too: fuzz-api and fuzz-locale
# (mk/fuzz.mk).
#
# The link-swapping race, the FIFO, the limits and the 128 KiB-stack run are C tests
# (Tests/C/test_hostile_*.c), part of make test-c.

ifndef LIBNAME
$(error mk/hostile.mk needs the top Makefile's variables: run make from the project root)
endif

.PHONY: valgrind soak

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

soak: lib $(SOAK_DIR)/soak
	$(SOAK_DIR)/soak $(EXAMPLE) 1000000
	$(BINDINGS_PYTHON) Tests/Soak/soak.py $(EXAMPLE) 1000000
