# mk/abi.mk -- the ABI gate: a program built for a shipped release keeps working on this one.
#
#   make test-abi            checks this library against every release CHANGELOG.md lists as
#                            shipped (the list below), each built from its own commit
#   make test-abi-<version>  the same against one of them (make test-abi-1.1.0)
#
# For each release:
#   (a) abidiff of its library and this one reports no incompatible change and no removed symbol;
#   (b) its own C tests and C demo, compiled against its header and linked against its library,
#       run on this library under valgrind with no error: the suite's failures must be exactly
#       those listed, with their reasons, in Tests/ABI/known-<version>-differences.txt, and the
#       demo prints exactly what it printed on the release's own library;
#   (c) for every version node of this library after EF_1, a program built against this header
#       that needs that node (Tests/ABI/needs_node.c) runs on the release's library when the
#       release defines the node, and is refused when it starts (the loader names the missing
#       node) when it does not. Each of those programs also runs on this library.
#
# A release is built from `git archive` of its commit (this clone's history, no network), with its
# own Makefile, into build/abi/<version>/. Its library is kept outside the clone as well, in
# ABI_CACHE under a key of the commit, the Swift and C compilers' versions and the system's ICU:
# a new clone on the same machine (CI's) takes it from there instead of building it again, and
# anything that could make the build differ makes another key. make clean removes the clone's
# copy only.
#
# The README's ABI policy names this gate. When a release ships, its line joins the list below,
# with a Tests/ABI/known-<version>-differences.txt (comments only when there is no difference).

ifndef LIBNAME
$(error mk/abi.mk needs the top Makefile's variables: run make from the project root)
endif

TESTS        += test-abi
APT_PACKAGES += abigail-tools valgrind

.PHONY: test-abi test-abi-nodes

ABI_NEW_LIBRARY := $(BUILD)/lib/$(LIBNAME).$(VERSION)
ABI_NEW_LIBDIR  := $(abspath $(BUILD)/lib)
ABI_VALGRIND    := valgrind -q --error-exitcode=99 --num-callers=30
# The link-swapping race of the C suites opens a catalog 600 times a thread; 40 under valgrind,
# as make valgrind runs it, is enough to swap the link under every open's walk. The suites' own
# read-write locks prefer their writers (Tests/ABI/writer_preferring_rwlock.c): under valgrind,
# which runs one thread at a time, a writer behind four looping readers can otherwise wait for
# minutes.
ABI_RWLOCK_SHIM := $(abspath $(BUILD)/abi/writer_preferring_rwlock.so)
ABI_SUITE_ENV   := EF_TEST_RACE_OPENS=40 LD_PRELOAD=$(ABI_RWLOCK_SHIM)
ABI_OLD_CFLAGS  := -std=c99 -O1 -g -pthread
ABI_OLD_LDFLAGS := -lerrorformatter -pthread

$(ABI_RWLOCK_SHIM): Tests/ABI/writer_preferring_rwlock.c
	mkdir -p $(dir $@)
	$(CC) -std=c99 -O2 -Wall -Wextra -Werror -fPIC -shared -o $@ $< -ldl

# This library's version nodes after EF_1, and a program that needs each (needs-EF_1.2 calls a
# function of EF_1.2 and otherwise only EF_1's).
ABI_NODES         := $(filter-out EF_1,$(shell sed -n 's/^\(EF_[0-9.]*\) {.*/\1/p' Sources/ErrorFormatterC/exports.map))
ABI_NODE_PROGRAMS := $(ABI_NODES:%=$(BUILD)/abi/nodes/needs-%)

$(BUILD)/abi/nodes/needs-%: Tests/ABI/needs_node.c include/errorformatter.h $(ABI_NEW_LIBRARY)
	mkdir -p $(dir $@)
	$(CC) -std=c99 -pedantic -Wall -Wextra -Werror -Iinclude -DNEEDS_$(subst .,_,$*) -o $@ \
	    Tests/ABI/needs_node.c -L$(BUILD)/lib -lerrorformatter

test-abi-nodes: lib $(ABI_NODE_PROGRAMS)
	@mkdir -p $(BUILD)/abi/nodes/on-$(VERSION)
	sh Tests/ABI/check_nodes.sh $(ABI_NEW_LIBDIR) Sources/ErrorFormatterC/exports.map $(EXAMPLE) \
	    $(BUILD)/abi/nodes/on-$(VERSION) $(ABI_NODE_PROGRAMS)

ABI_RELEASES :=
ABI_CACHE    ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/errorformatter/abi
# What a release's build depends on besides its commit.
ABI_BUILD_IDENTITY = $(shell { swift --version 2>&1; $(CC) --version 2>&1 | head -n 1; \
                       pkg-config --modversion icu-uc 2>&1; } | sha256sum | cut -c1-12)
# Each release's build waits for the one before it (order only), so that under make -j two
# Swift builds never run at once.
ABI_PREVIOUS_BUILD :=

# abi_release VERSION,COMMIT,DEMO-ARGUMENTS: the rules that check this library against one
# shipped release. DEMO-ARGUMENTS are what the release's Examples/c/demo.c was run with, from
# the release's own tree.
define abi_release
ABI_RELEASES += $1

# The release, built from its own sources with its own Makefile. MAKEFLAGS is cleared so that
# nothing given to this make (variables, -j) changes how the old release builds.
$(BUILD)/abi/$1/source/build/lib/$(LIBNAME).$1: | $(ABI_PREVIOUS_BUILD)
	@git cat-file -e $2^{commit} 2>/dev/null || { \
	    echo "test-abi: the $1 release ($2) is not in this clone's history;" \
	         "fetch it (git fetch --unshallow) and run again"; exit 1; }
	rm -rf $(BUILD)/abi/$1/source
	mkdir -p $(BUILD)/abi/$1/source
	git archive $2 | tar -x -C $(BUILD)/abi/$1/source
	@cached=$(ABI_CACHE)/$1-$$$$(git rev-parse --short=12 $2^{commit})-$(ABI_BUILD_IDENTITY); \
	if [ -f "$$$$cached/$(LIBNAME).$1" ]; then \
	    echo "test-abi: the $1 release's library, built before, from $$$$cached"; \
	    mkdir -p $(BUILD)/abi/$1/source/build/lib && cp -a "$$$$cached"/. $(BUILD)/abi/$1/source/build/lib/; \
	else \
	    env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS $(MAKE) -C $(BUILD)/abi/$1/source lib && \
	    mkdir -p $(ABI_CACHE) && rm -rf "$$$$cached.partial" && \
	    cp -a $(BUILD)/abi/$1/source/build/lib "$$$$cached.partial" && \
	    rm -rf "$$$$cached" && mv "$$$$cached.partial" "$$$$cached"; \
	fi

ABI_PREVIOUS_BUILD := $(BUILD)/abi/$1/source/build/lib/$(LIBNAME).$1

# Its programs link against its library, as their users' builds did, with no run path:
# LD_LIBRARY_PATH chooses the library each run loads.
$(BUILD)/abi/$1/abi-tests: $(BUILD)/abi/$1/source/build/lib/$(LIBNAME).$1
	$(CC) $(ABI_OLD_CFLAGS) -I$(BUILD)/abi/$1/source/include -o $$@ $(BUILD)/abi/$1/source/Tests/C/*.c \
	    -L$(BUILD)/abi/$1/source/build/lib $(ABI_OLD_LDFLAGS)

$(BUILD)/abi/$1/demo: $(BUILD)/abi/$1/source/build/lib/$(LIBNAME).$1
	$(CC) $(ABI_OLD_CFLAGS) -I$(BUILD)/abi/$1/source/include -o $$@ $(BUILD)/abi/$1/source/Examples/c/demo.c \
	    -L$(BUILD)/abi/$1/source/build/lib $(ABI_OLD_LDFLAGS)

.PHONY: test-abi-$1
test-abi-$1: lib $(ABI_NODE_PROGRAMS) $(BUILD)/abi/$1/abi-tests $(BUILD)/abi/$1/demo Tests/ABI/known-$1-differences.txt \
             $(ABI_RWLOCK_SHIM)
	@command -v abidiff >/dev/null || { echo "test-abi: abidiff is missing (apt-get install abigail-tools)"; exit 1; }
	@echo "== $1 (a) abidiff $1 -> $(VERSION)"
	@status=0; abidiff $(BUILD)/abi/$1/source/build/lib/$(LIBNAME).$1 $(ABI_NEW_LIBRARY) \
	    > $(BUILD)/abi/$1/abidiff.txt || status=$$$$?; \
	    cat $(BUILD)/abi/$1/abidiff.txt; \
	    if [ $$$$((status & 1)) -ne 0 ]; then echo "test-abi: abidiff failed to compare (status $$$$status)"; exit 1; fi; \
	    if [ $$$$((status & 8)) -ne 0 ]; then echo "test-abi: incompatible ABI change (status $$$$status)"; exit 1; fi; \
	    if grep -E "[1-9][0-9]* Removed" $(BUILD)/abi/$1/abidiff.txt; then \
	        echo "test-abi: a symbol of $1 was removed"; exit 1; fi
	@echo "== $1 (b) its C tests and demo on this library, under valgrind"
	cd $(BUILD)/abi/$1/source && $(ABI_SUITE_ENV) LD_LIBRARY_PATH=$(ABI_NEW_LIBDIR) \
	    sh $(CURDIR)/Tests/ABI/run_release_suite.sh $(CURDIR)/Tests/ABI/known-$1-differences.txt \
	    $(ABI_VALGRIND) $(abspath $(BUILD)/abi/$1/abi-tests) Examples/CoreLocation
	cd $(BUILD)/abi/$1/source && LD_LIBRARY_PATH=$(abspath $(BUILD)/abi/$1/source/build/lib) \
	    $(abspath $(BUILD)/abi/$1/demo) $3 > $(abspath $(BUILD)/abi/$1/demo-on-$1.txt)
	cd $(BUILD)/abi/$1/source && LD_LIBRARY_PATH=$(ABI_NEW_LIBDIR) $(ABI_VALGRIND) \
	    $(abspath $(BUILD)/abi/$1/demo) $3 > $(abspath $(BUILD)/abi/$1/demo-on-$(VERSION).txt)
	diff -u $(BUILD)/abi/$1/demo-on-$1.txt $(BUILD)/abi/$1/demo-on-$(VERSION).txt
	@echo "== $1 (c) programs that need a version node $1 lacks are refused when they start"
	@mkdir -p $(BUILD)/abi/$1/nodes
	sh Tests/ABI/check_nodes.sh $(abspath $(BUILD)/abi/$1/source/build/lib) \
	    $(BUILD)/abi/$1/source/Sources/ErrorFormatterC/exports.map $(EXAMPLE) $(BUILD)/abi/$1/nodes \
	    $(ABI_NODE_PROGRAMS)
	@echo "test-abi: $(VERSION) keeps the $1 ABI"
endef

# The shipped releases, oldest first: version, the commit it was released from, the C demo's
# arguments. A release joins the gate with one line here. Its commit is the one where the
# Makefile's VERSION is the release's and CHANGELOG.md's section of it stops saying "unreleased".
$(eval $(call abi_release,1.0.0,4551824fdcafa591920c67c62f1123f951ac3f72,Examples/CoreLocation))
$(eval $(call abi_release,1.1.0,1c7df789767500f7e380ecbeb97569b5bbff4544,Examples/cases.tsv))

test-abi: test-abi-nodes $(ABI_RELEASES:%=test-abi-%)
	@echo "test-abi: $(VERSION) keeps the ABI of every shipped release: $(ABI_RELEASES)"
