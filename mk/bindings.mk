# mk/bindings.mk -- C tests of the ABI, header and symbol checks, Python tests, C and Python demos.
#
#   make test-c          Tests/C: the ABI's contract, run against build/lib (last line "N passed, N failed")
#   make test-header     the header compiles as C99 -pedantic -Werror and as C++17 -Werror
#   make test-symbols    the .so exports exactly the header's functions (and the EF_<major> node)
#   make test-python     bindings/python/tests with pytest, on build/lib
#   make test-demos      every demo (C, C++, Python, Rust, Swift, errfmt) prints identical records
#                        for Examples/cases.tsv
#   make demo-c demo-python demo-swift
#
# Included by the top Makefile after its variables (BUILD, LIBNAME, SOMAJOR, CC, CXX, PYTHON).

ifndef LIBNAME
$(error mk/bindings.mk needs the top Makefile's variables: run make from the project root)
endif

CHECKS += test-c test-header test-symbols test-python
TESTS  += test-demos
PIP_PACKAGES += pytest
DEMOS += demo-c demo-python demo-swift

.PHONY: test-c test-header test-symbols test-python test-demos demo-c demo-python demo-swift

BINDINGS_LIBRARY  := $(BUILD)/lib/$(LIBNAME).$(SOMAJOR)
BINDINGS_CFLAGS   := -std=c99 -pedantic -Wall -Wextra -Werror -O1 -g -pthread -Iinclude
BINDINGS_LDFLAGS  := -L$(BUILD)/lib -lerrorformatter -Wl,-rpath,$(abspath $(BUILD)/lib) -pthread
# The Python side loads exactly the library just built, whatever else is installed.
BINDINGS_PYTHON   := ERRORFORMATTER_LIBRARY=$(abspath $(BINDINGS_LIBRARY)) \
                     PYTHONPATH=$(abspath bindings/python/src) $(PYTHON)
C_TEST_SOURCES    := $(wildcard Tests/C/*.c)
# The cross-binding cases every demo runs (Examples/README.md, "Cases").
DEMO_CASES        := Examples/cases.tsv
# Each binding's area adds the demo that prints the cases' records with
# `$(eval $(call binding_demo,...))` (below): demo-<name>, $(BUILD)/examples/records-<name>.txt,
# <name> in DEMO_RECORDS, the file a prerequisite of test-demos. test-demos diffs them all
# against C's (the recipe's list is expanded when it runs, after every mk/*.mk).
DEMO_RECORDS      :=
# A demo's standard error (the catalogs' diagnostics) goes to <records>.err, shown if it fails;
# the bindings' are compared too (errfmt's demo prints none: it only re-prints JSON).
DEMO_STDERR        = 2> $@.err || { cat $@.err >&2; exit 1; }

$(BUILD)/tests/c/abi-tests: $(C_TEST_SOURCES) $(wildcard Tests/C/*.h) include/errorformatter.h \
                            $(BUILD)/lib/$(LIBNAME).$(VERSION)
	mkdir -p $(dir $@)
	$(CC) $(BINDINGS_CFLAGS) -o $@ $(C_TEST_SOURCES) $(BINDINGS_LDFLAGS)

test-c: lib $(BUILD)/tests/c/abi-tests
	$(BUILD)/tests/c/abi-tests $(EXAMPLE)

test-header:
	$(CC) -std=c99 -pedantic -Wall -Wextra -Werror -Wstrict-prototypes -Iinclude \
	    -c Tests/C/header/header_c99.c -o /dev/null
	$(CXX) -std=c++17 -Wall -Wextra -Werror -Iinclude -c Tests/C/header/header_cxx17.cpp -o /dev/null
	@echo "header: C99 and C++17 clean"

test-symbols: lib
	CC="$(CC)" sh Tests/C/check_symbols.sh include/errorformatter.h $(BINDINGS_LIBRARY)

# pytest exits 5 when it collects no tests; like any other non-zero status, that fails the target.
test-python: lib
	$(BINDINGS_PYTHON) -m pytest -q -p no:cacheprovider bindings/python/tests

# $(call demo_records,NAME,PREREQUISITES,COMMAND): $(BUILD)/examples/records-NAME.txt, what
# COMMAND prints for the cases (remade on every run: it depends on the library's behaviour too),
# its standard error beside it; NAME joins DEMO_RECORDS and test-demos compares it with C's.
define demo_records
DEMO_RECORDS += $(1)
$(BUILD)/examples/records-$(1).txt: $(2) FORCE
	mkdir -p $$(dir $$@)
	$(3) $$(DEMO_CASES) > $$@ $$(DEMO_STDERR)
test-demos: $(BUILD)/examples/records-$(1).txt
endef

# $(call binding_demo,NAME,TITLE,PREREQUISITES,COMMAND): demo-NAME, part of make demo, which
# shows COMMAND's output for the cases, and the records above.
define binding_demo
DEMOS += demo-$(1)
.PHONY: demo-$(1)
demo-$(1): $(3)
	@echo "== $(2)"
	$(4) $$(DEMO_CASES)
$(call demo_records,$(1),$(3),$(4))
endef

$(BUILD)/examples/demo: Examples/c/demo.c include/errorformatter.h $(BUILD)/lib/$(LIBNAME).$(VERSION)
	mkdir -p $(dir $@)
	$(CC) $(BINDINGS_CFLAGS) -o $@ Examples/c/demo.c $(BINDINGS_LDFLAGS)

# The Swift demo is an executable of the package, built with the library's flags and scratch
# directory so that the core it links is the one already compiled for the library.
SWIFT_DEMO := $(BUILD)/bin/errorformatter-demo

$(SWIFT_DEMO): $(SOURCES) $(wildcard Examples/swift/*.swift)
	$(SWIFT) build $(SWIFT_RELEASE_FLAGS) --product errorformatter-demo
	mkdir -p $(dir $@)
	cp $(SCRATCH)/release/errorformatter-demo $@

$(eval $(call binding_demo,c,C demo (Examples/c/demo.c),$(BUILD)/examples/demo,$(BUILD)/examples/demo))
$(eval $(call binding_demo,python,Python demo (Examples/python/demo.py),lib,$(BINDINGS_PYTHON) Examples/python/demo.py))
$(eval $(call binding_demo,swift,Swift demo (Examples/swift/main.swift),$(SWIFT_DEMO),$(SWIFT_DEMO)))
# errfmt's own demo is demo-cli (mk/cli.mk); its records come from Examples/cli/demo.py.
$(eval $(call demo_records,cli,$(BUILD)/bin/errfmt,$(PYTHON) Examples/cli/demo.py $(BUILD)/bin/errfmt))

# Every demo goes through its own binding to the same core: their records must be identical.
test-demos: $(foreach name,$(DEMO_RECORDS),$(BUILD)/examples/records-$(name).txt)
	@for name in $(filter-out c,$(DEMO_RECORDS)); do \
	  diff -u $(BUILD)/examples/records-c.txt $(BUILD)/examples/records-$$name.txt || exit 1; \
	done
	@for name in $(filter-out c cli,$(DEMO_RECORDS)); do \
	  diff -u $(BUILD)/examples/records-c.txt.err $(BUILD)/examples/records-$$name.txt.err || exit 1; \
	done
	@echo "demos: $(DEMO_RECORDS) agree ($$(grep -c -v '^[[:space:]]' $(BUILD)/examples/records-c.txt)" \
	      "records, $$(wc -l < $(BUILD)/examples/records-c.txt.err) diagnostic lines)"

.PHONY: FORCE
FORCE:
