# mk/live.mk -- live catalogs under load (Tests/Live/live_load.c: four threads formatting while
# the catalogs are replaced, every way the header lists; see the program's comment).
#
#   make test-live        1,000 replacements (part of make test; about a minute and a half)
#   make soak-live        the long form, LIVE_SOAK_SWAPS of them (part of make soak)
#   make valgrind-live    a short run under valgrind (part of make valgrind)
#
# The same service under ThreadSanitizer is Tests/ErrorFormatterCTests/LiveCatalogLoadTests.swift
# (make sanitize); the bindings' own load tests are in their suites.
#
# Arguments: SWAPS DEBOUNCE_MS INTERVAL_MS SLACK_MS. The slack is what opening a version and the
# scheduler may add to the debounce and the interval before a good version is served; valgrind
# opens a catalog some fifty times slower.

ifndef LIBNAME
$(error mk/live.mk needs the top Makefile's variables: run make from the project root)
endif

TESTS += test-live

.PHONY: test-live soak-live valgrind-live

LIVE_LOAD        := $(BUILD)/tests/live/live_load
LIVE_SWAPS       ?= 1000
LIVE_SOAK_SWAPS  ?= 10000

$(LIVE_LOAD): Tests/Live/live_load.c include/errorformatter.h $(BUILD)/lib/$(LIBNAME).$(VERSION)
	mkdir -p $(dir $@)
	$(CC) -std=c11 -O1 -g -Wall -Wextra -Werror -pthread -Iinclude -o $@ $< $(BINDINGS_LDFLAGS)

test-live: lib $(LIVE_LOAD)
	$(LIVE_LOAD) $(LIVE_SWAPS) 30 5 250

soak-live: lib $(LIVE_LOAD)
	$(LIVE_LOAD) $(LIVE_SOAK_SWAPS) 30 5 250

valgrind-live: lib $(LIVE_LOAD)
	$(VALGRIND) $(VALGRIND_FLAGS) $(LIVE_LOAD) 40 300 20 5000

soak: soak-live
valgrind: valgrind-live
soak-live valgrind-live: | setup
