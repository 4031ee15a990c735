# ErrorFormatter -- build, test, demo, install. `make help` lists the public targets.
#
#   make            build/lib/liberrorformatter.so*, build/bin/errfmt, build/include, pkg-config file
#   make demo       format the bundled example's errors through the CLI and every binding
#   make check      the fast tier: Swift, C, header, symbol, Python, CLI and layering suites
#   make test       check, then packaging, the other bindings and the fuzz smokes; installs what
#                   its suites need first (mk/setup.mk)
#   make install    PREFIX=/usr/local, LIBDIR (multiarch-aware), DESTDIR... (mk/install.mk)
#   make wheel      dist/errorformatter-*.whl, self-contained (mk/wheel.mk); make tarball likewise
#   make bench      side-by-side benchmarks against the peers
#   make fuzz       run the libFuzzer targets for longer (mk/fuzz.mk)
#
# Everything the build and the suites write goes under build/ (and SwiftPM's .build/): the
# packages in build/dist/, the fuzzers' corpora and findings in build/fuzz/.

PREFIX      ?= /usr/local
DESTDIR     ?=
SWIFT       ?= swift
CC          ?= cc
CXX         ?= c++
# The interpreter of the suites: build/venv's once mk/setup.mk made it (it comes first on PATH).
PYTHON      ?= python3

VERSION     := 1.3.0
SOMAJOR     := 1
BUILD       := build
DIST        := $(BUILD)/dist
SCRATCH     := .build/release-static
LIBNAME     := liberrorformatter.so
ICU_LIBS    := $(shell pkg-config --libs icu-i18n icu-uc 2>/dev/null || echo -licui18n -licuuc -licudata)

# How the library's Swift is compiled, in every build of it: the first use of a concrete generic
# type (a dictionary of our values, an array of our structs) calls that type's metadata accessor
# instead of demangling the type's name at run time, a cost a cold process pays once per type.
SWIFT_CODEGEN_FLAGS := -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors

# The shared library carries its own copy of the Swift runtime (-static-stdlib), exports only
# ef_* (version script), names its ABI major in the soname, and refuses undefined symbols.
SWIFT_RELEASE_FLAGS := -c release --scratch-path $(SCRATCH) $(SWIFT_CODEGEN_FLAGS) \
	-Xswiftc -static-stdlib \
	-Xlinker -soname=$(LIBNAME).$(SOMAJOR) \
	-Xlinker --version-script=$(CURDIR)/Sources/ErrorFormatterC/exports.map \
	-Xlinker -z -Xlinker defs

EXAMPLE := Examples/CoreLocation

SOURCES := $(shell find Sources include -type f) Package.swift

# Areas add their own rules in mk/*.mk and append to these lists.
CHECKS       :=   # fast suites, make check (a few minutes after the build)
TESTS        :=   # the slower ones: make test runs CHECKS, then these
DEMOS        :=
BENCHES      :=
FUZZ_TARGETS :=
APT_PACKAGES :=   # what the suites need installed (mk/setup.mk installs them)
PIP_PACKAGES :=

# What the build itself needs: ICU's headers, found through pkg-config; the C and C++ compilers
# of the C, header and binding suites.
APT_PACKAGES += libicu-dev pkg-config gcc g++

.PHONY: all lib cli check test test-swift demo bench fuzz sanitize clean help

all: lib cli $(BUILD)/lib/pkgconfig/errorformatter.pc $(BUILD)/include/errorformatter.h

lib: $(BUILD)/lib/$(LIBNAME).$(VERSION)
cli: $(BUILD)/bin/errfmt

# Each file is replaced by a rename, never rewritten in place: a program still running on the
# previous build keeps its mapping instead of crashing on pages that changed under it.
$(BUILD)/lib/$(LIBNAME).$(VERSION): $(SOURCES)
	$(SWIFT) build $(SWIFT_RELEASE_FLAGS) --product errorformatter
	mkdir -p $(BUILD)/lib
	cp $(SCRATCH)/release/$(LIBNAME) $@.tmp && mv -f $@.tmp $@
	ln -sf $(LIBNAME).$(VERSION) $(BUILD)/lib/$(LIBNAME).$(SOMAJOR)
	ln -sf $(LIBNAME).$(SOMAJOR) $(BUILD)/lib/$(LIBNAME)

# The CLI shares the library's build (same flags, so the core is compiled once); the linker
# flags are harmless for an executable, and -static-stdlib makes it toolchain-free too.
$(BUILD)/bin/errfmt: $(SOURCES)
	$(SWIFT) build $(SWIFT_RELEASE_FLAGS) --product errfmt
	mkdir -p $(BUILD)/bin
	cp $(SCRATCH)/release/errfmt $@.tmp && mv -f $@.tmp $@

$(BUILD)/include/errorformatter.h: include/errorformatter.h
	mkdir -p $(BUILD)/include
	cp $< $@

# The pkg-config and CMake files of the build tree, and install/uninstall: mk/install.mk.

# libFuzzer targets (mk/fuzz.mk) compile the whole core with their entry point: a hand-kept
# list of the files a target needs broke each time a file was added. The core has `package`
# declarations (what only the CLI and the C layer use), which need a package name.
FUZZ_CORE_SOURCES := $(shell find Sources/ErrorFormatter -name '*.swift' | LC_ALL=C sort)
FUZZ_SWIFTFLAGS   := -swift-version 6 -parse-as-library -sanitize=fuzzer,address -O -g -I Sources/CICU -I Sources/CCRC32C \
                     -I Sources/CLive -package-name ErrorFormatter

# Each area's rules. Included before the rules below, because make expands a rule's
# prerequisites ($(TESTS), $(DEMOS)) when it reads the rule; the set-up last, once every area has
# listed what it needs.
include $(filter-out mk/setup.mk,$(wildcard mk/*.mk)) mk/setup.mk

# ---------------------------------------------------------------------------------- tests
# Each area's rules (mk/*.mk) add their suites to CHECKS or TESTS. Every suite runs once.
CHECKS += test-swift

check: $(CHECKS)
	@echo "make check: all fast suites passed"

test: icu-pic-early check $(TESTS)
	@echo "make test: all suites passed"

# Suites, benchmarks, fuzz targets and whatever else runs the venv's tools (auditwheel, pytest)
# run after the set-up (mk/setup.mk): order-only, so that a finished set-up never makes them out
# of date.
$(CHECKS) $(TESTS) $(BENCHES) $(FUZZ_TARGETS) fuzz-smoke wheel tarball valgrind soak lint-corpus: | setup

# Swift Testing: parser, locales, catalog, rules, and the corpus/oracle conformance suites
# (which skip, saying so, when ../shared is absent). Under every goal the suites run against the
# trimmed ICU data that the wheel, the tarball, the jar and the npm package ship (mk/wheel.mk's
# icu-data, made in seconds from the system's data library), loaded through LD_LIBRARY_PATH:
# the ICU oracles, generated from the system's full data (mk/icu.mk), then show that the trimmed
# data lacks nothing the library reads, and the suites run once. SWIFT_TEST_ICU_DATA=system runs
# them against the system's own data instead, for an ICU whose data no package ships
# (tools/icu-root, in the root of another ICU major).
SWIFT_TEST_ICU_DATA ?= trimmed
ifeq ($(filter trimmed system,$(SWIFT_TEST_ICU_DATA)),)
$(error SWIFT_TEST_ICU_DATA=$(SWIFT_TEST_ICU_DATA): use trimmed (the default: the packages' ICU data) or system)
endif
SWIFT_TEST_TRIMMED := $(filter trimmed,$(SWIFT_TEST_ICU_DATA))

test-swift:
	$(SWIFT) build --build-tests
	$(if $(SWIFT_TEST_TRIMMED),$(MAKE) --no-print-directory $(ICU_DATA_LIB))
	$(if $(SWIFT_TEST_TRIMMED),LD_LIBRARY_PATH=$(abspath $(ICU_DATA_DIR)) \
	  ldd $$($(SWIFT) build --show-bin-path)/ErrorFormatterPackageTests.xctest | grep -qF "$(abspath $(ICU_DATA_LIB))" \
	  || { echo "test-swift: the test binary would not load $(ICU_DATA_LIB)"; exit 1; })
	$(if $(SWIFT_TEST_TRIMMED),LD_LIBRARY_PATH=$(abspath $(ICU_DATA_DIR))) $(SWIFT) test --skip-build

# ----------------------------------------------------------------------------------- demo
# The seed through errfmt, and lint finding its bugs (mk/cli.mk), then each binding's demo.
# Like the suites, the demos install what they need first (the bindings' runtimes): make demo
# on a fresh machine is the one command. A plain `make` installs nothing.
demo: all $(DEMOS)
$(DEMOS): | setup
ifneq ($(filter demo,$(MAKECMDGOALS)),)
all: | setup
endif

# ------------------------------------------------------------------------ bench, fuzz, more
bench: $(BENCHES)

fuzz: $(FUZZ_TARGETS)

# The Swift tests under ThreadSanitizer (catalogs and caches are shared across threads); any
# report fails the run.
sanitize:
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --scratch-path .build/tsan --sanitize=thread

clean:
	rm -rf $(BUILD) .build

# The lists are complete here: every mk/*.mk has been read.
help:
	@echo "make                the library, errfmt, the header, pkg-config and CMake files (build/)"
	@echo "make demo           the example's errors through errfmt and every binding"
	@echo "make check          the fast suites: $(CHECKS)"
	@echo "                    (test-swift: the Swift suites on the trimmed ICU data the packages ship,"
	@echo "                    under make check and make test alike; SWIFT_TEST_ICU_DATA=system for the system's)"
	@echo "make test           check, then: $(TESTS)"
	@echo "make setup          install what the suites need (done by check and test)"
	@echo "make install        PREFIX, LIBDIR, DESTDIR...; make uninstall"
	@echo "make wheel          build/dist/errorformatter-*.whl; make tarball [ICU=bundled]"
	@echo "make bench          $(BENCHES)"
	@echo "make fuzz           $(FUZZ_TARGETS) (FUZZ_SECONDS=$(FUZZ_SECONDS) each); make fuzz-smoke"
	@echo "make valgrind, soak, sanitize, lint-corpus   longer runs, not part of make test"
	@echo "make test-fresh     make test in a clean clone with empty caches, as a new machine runs it"
	@echo "make clean          remove build/ and .build/"

