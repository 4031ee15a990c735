# mk/bindings.mk -- C tests of the ABI, header and symbol checks, Python tests, C and Python demos.
#
#   make test-c          Tests/C: the ABI's contract, run against build/lib (last line "N passed, N failed")
#   make test-header     the header compiles as C99 -pedantic -Werror and as C++17 -Werror
#   make test-symbols    the .so exports exactly the header's functions (and the EF_<major> node)
#   make test-python     bindings/python/tests with pytest, on build/lib
#   make test-demos      the C, Python and errfmt demos print identical lines
#   make demo-c demo-python
#
# Included by the top Makefile after its variables (BUILD, LIBNAME, SOMAJOR, CC, CXX, PYTHON).

ifndef LIBNAME
$(error mk/bindings.mk needs the top Makefile's variables: run make from the project root)
endif

TESTS += test-c test-header test-symbols test-python test-demos
DEMOS += demo-c demo-python

.PHONY: test-c test-header test-symbols test-python test-demos demo-c demo-python

BINDINGS_LIBRARY  := $(BUILD)/lib/$(LIBNAME).$(SOMAJOR)
BINDINGS_CFLAGS   := -std=c99 -pedantic -Wall -Wextra -Werror -O1 -g -pthread -Iinclude
BINDINGS_LDFLAGS  := -L$(BUILD)/lib -lerrorformatter -Wl,-rpath,$(abspath $(BUILD)/lib) -pthread
# The Python side loads exactly the library just built, whatever else is installed.
BINDINGS_PYTHON   := ERRORFORMATTER_LIBRARY=$(abspath $(BINDINGS_LIBRARY)) \
                     PYTHONPATH=$(abspath bindings/python/src) $(PYTHON)
C_TEST_SOURCES    := $(wildcard Tests/C/*.c)

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

$(BUILD)/examples/demo: Examples/c/demo.c include/errorformatter.h $(BUILD)/lib/$(LIBNAME).$(VERSION)
	mkdir -p $(dir $@)
	$(CC) $(BINDINGS_CFLAGS) -o $@ Examples/c/demo.c $(BINDINGS_LDFLAGS)

demo-c: lib $(BUILD)/examples/demo
	@echo "== C demo (Examples/c/demo.c)"
	$(BUILD)/examples/demo $(EXAMPLE)

demo-python: lib
	@echo "== Python demo (Examples/python/demo.py)"
	$(BINDINGS_PYTHON) Examples/python/demo.py $(EXAMPLE)

# The demos go through C, Python and the CLI to the same core: their lines must be identical.
test-demos: lib $(BUILD)/examples/demo $(BUILD)/bin/errfmt
	$(BUILD)/examples/demo $(EXAMPLE) > $(BUILD)/examples/demo-c.txt
	$(BINDINGS_PYTHON) Examples/python/demo.py $(EXAMPLE) > $(BUILD)/examples/demo-python.txt
	$(PYTHON) Examples/cli/demo.py $(BUILD)/bin/errfmt $(EXAMPLE) > $(BUILD)/examples/demo-cli.txt
	diff -u $(BUILD)/examples/demo-c.txt $(BUILD)/examples/demo-python.txt
	diff -u $(BUILD)/examples/demo-c.txt $(BUILD)/examples/demo-cli.txt
	@echo "demos: C, Python and errfmt agree ($$(wc -l < $(BUILD)/examples/demo-c.txt) lines)"
