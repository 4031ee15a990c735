# mk/abi.mk -- the ABI gate: a program built for an earlier release keeps working on this one.
#
#   make test-abi    builds the 1.0.0 release from its commit (no network: `git archive` of this
#                    clone's history) and checks this library against it:
#                    (a) abidiff of the two libraries reports no incompatible change;
#                    (b) the 1.0.0 release's own C tests and C demo, compiled against its header
#                        and linked against its library, run on this library under valgrind
#                        with no error (the suite's failures must be exactly those listed, with
#                        their reasons, in Tests/ABI/known-1.0.0-differences.txt), and the demo
#                        prints exactly what it printed on 1.0.0;
#                    (c) a program built against this header that calls a 1.1 function is
#                        refused by the 1.0.0 library when it starts (version node EF_1.1), and
#                        runs on this one.
#
# The README's ABI policy names this gate: when a release ships, its commit joins the list below
# and every later release is checked against it too.

ifndef LIBNAME
$(error mk/abi.mk needs the top Makefile's variables: run make from the project root)
endif

TESTS        += test-abi
APT_PACKAGES += abigail-tools valgrind

.PHONY: test-abi

ABI_BASELINE_VERSION := 1.0.0
ABI_BASELINE_COMMIT  := 4551824fdcafa591920c67c62f1123f951ac3f72
ABI_DIR              := $(BUILD)/abi/$(ABI_BASELINE_VERSION)
ABI_SOURCE           := $(ABI_DIR)/source
ABI_OLD_LIBDIR       := $(ABI_SOURCE)/build/lib
ABI_OLD_LIBRARY      := $(ABI_OLD_LIBDIR)/$(LIBNAME).$(ABI_BASELINE_VERSION)
ABI_NEW_LIBDIR       := $(abspath $(BUILD)/lib)
# Programs of the old release link against the old library, as their users' builds did, with no
# run path: LD_LIBRARY_PATH chooses the library each run loads.
ABI_OLD_CFLAGS       := -std=c99 -O1 -g -pthread -I$(ABI_SOURCE)/include
ABI_OLD_LDFLAGS      := -L$(ABI_OLD_LIBDIR) -lerrorformatter -pthread
ABI_VALGRIND         := valgrind -q --error-exitcode=99 --num-callers=30

# The release, built from its own sources with its own Makefile. MAKEFLAGS is cleared so that
# nothing given to this make (variables, -j) changes how the old release builds.
$(ABI_OLD_LIBRARY):
	@git cat-file -e $(ABI_BASELINE_COMMIT)^{commit} 2>/dev/null || { \
	    echo "test-abi: the $(ABI_BASELINE_VERSION) release ($(ABI_BASELINE_COMMIT)) is not in this" \
	         "clone's history; fetch it (git fetch --unshallow) and run again"; exit 1; }
	rm -rf $(ABI_SOURCE)
	mkdir -p $(ABI_SOURCE)
	git archive $(ABI_BASELINE_COMMIT) | tar -x -C $(ABI_SOURCE)
	env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS $(MAKE) -C $(ABI_SOURCE) lib

$(ABI_DIR)/abi-tests: $(ABI_OLD_LIBRARY)
	$(CC) $(ABI_OLD_CFLAGS) -o $@ $(ABI_SOURCE)/Tests/C/*.c $(ABI_OLD_LDFLAGS)

$(ABI_DIR)/demo: $(ABI_OLD_LIBRARY)
	$(CC) $(ABI_OLD_CFLAGS) -o $@ $(ABI_SOURCE)/Examples/c/demo.c $(ABI_OLD_LDFLAGS)

$(ABI_DIR)/needs-1.1: Tests/ABI/needs_1_1.c include/errorformatter.h $(BUILD)/lib/$(LIBNAME).$(VERSION)
	mkdir -p $(dir $@)
	$(CC) -std=c99 -pedantic -Wall -Wextra -Werror -Iinclude -o $@ Tests/ABI/needs_1_1.c \
	    -L$(BUILD)/lib -lerrorformatter

test-abi: lib $(ABI_OLD_LIBRARY) $(ABI_DIR)/abi-tests $(ABI_DIR)/demo $(ABI_DIR)/needs-1.1
	@command -v abidiff >/dev/null || { echo "test-abi: abidiff is missing (apt-get install abigail-tools)"; exit 1; }
	@echo "== (a) abidiff $(ABI_BASELINE_VERSION) -> $(VERSION)"
	@status=0; abidiff $(ABI_OLD_LIBRARY) $(BUILD)/lib/$(LIBNAME).$(VERSION) > $(ABI_DIR)/abidiff.txt || status=$$?; \
	    cat $(ABI_DIR)/abidiff.txt; \
	    if [ $$((status & 1)) -ne 0 ]; then echo "test-abi: abidiff failed to compare (status $$status)"; exit 1; fi; \
	    if [ $$((status & 8)) -ne 0 ]; then echo "test-abi: incompatible ABI change (status $$status)"; exit 1; fi; \
	    if grep -E "[1-9][0-9]* Removed" $(ABI_DIR)/abidiff.txt; then \
	        echo "test-abi: a symbol of $(ABI_BASELINE_VERSION) was removed"; exit 1; fi
	@echo "== (b) the $(ABI_BASELINE_VERSION) C tests and demo on this library, under valgrind"
	cd $(ABI_SOURCE) && LD_LIBRARY_PATH=$(ABI_NEW_LIBDIR) sh $(CURDIR)/Tests/ABI/run_release_suite.sh \
	    $(CURDIR)/Tests/ABI/known-$(ABI_BASELINE_VERSION)-differences.txt \
	    $(ABI_VALGRIND) $(abspath $(ABI_DIR))/abi-tests Examples/CoreLocation
	cd $(ABI_SOURCE) && LD_LIBRARY_PATH=$(abspath $(ABI_OLD_LIBDIR)) $(abspath $(ABI_DIR))/demo \
	    Examples/CoreLocation > $(abspath $(ABI_DIR))/demo-on-$(ABI_BASELINE_VERSION).txt
	cd $(ABI_SOURCE) && LD_LIBRARY_PATH=$(ABI_NEW_LIBDIR) $(ABI_VALGRIND) $(abspath $(ABI_DIR))/demo \
	    Examples/CoreLocation > $(abspath $(ABI_DIR))/demo-on-$(VERSION).txt
	diff -u $(ABI_DIR)/demo-on-$(ABI_BASELINE_VERSION).txt $(ABI_DIR)/demo-on-$(VERSION).txt
	@echo "== (c) a program that needs 1.1 is refused at load time by $(ABI_BASELINE_VERSION)"
	@status=0; LD_LIBRARY_PATH=$(abspath $(ABI_OLD_LIBDIR)) $(ABI_DIR)/needs-1.1 $(EXAMPLE) \
	    > $(ABI_DIR)/needs-1.1.out 2> $(ABI_DIR)/needs-1.1.err || status=$$?; \
	    cat $(ABI_DIR)/needs-1.1.err; \
	    if [ $$status -eq 0 ] || grep -q started $(ABI_DIR)/needs-1.1.out || ! grep -q "EF_1.1" $(ABI_DIR)/needs-1.1.err; then \
	        echo "test-abi: the $(ABI_BASELINE_VERSION) library did not refuse a program that needs EF_1.1 at load time"; exit 1; fi
	LD_LIBRARY_PATH=$(ABI_NEW_LIBDIR) $(ABI_DIR)/needs-1.1 $(EXAMPLE) > $(ABI_DIR)/needs-1.1.out
	printf 'started\nErreur\n' | diff -u - $(ABI_DIR)/needs-1.1.out
	@echo "test-abi: $(VERSION) keeps the $(ABI_BASELINE_VERSION) ABI"
