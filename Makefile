# ErrorFormatter -- build, test, demo, install.
#
#   make            build/lib/liberrorformatter.so*, build/bin/errfmt, build/include, pkg-config file
#   make test       everything: Swift tests, C tests, header and symbol checks, Python tests,
#                   corpus and oracle conformance (when ../shared is present)
#   make demo       format the bundled example's errors through the CLI, C and Python
#   make install    PREFIX=/usr/local, LIBDIR (multiarch-aware), DESTDIR... (mk/install.mk)
#   make wheel      dist/errorformatter-*.whl, self-contained (mk/wheel.mk); make tarball likewise
#   make bench      side-by-side benchmarks against the peers
#   make fuzz       run the libFuzzer targets for longer

PREFIX      ?= /usr/local
DESTDIR     ?=
SWIFT       ?= swift
CC          ?= cc
CXX         ?= c++
PYTHON      ?= python3

VERSION     := 1.1.0
SOMAJOR     := 1
BUILD       := build
SCRATCH     := .build/release-static
LIBNAME     := liberrorformatter.so
ICU_LIBS    := $(shell pkg-config --libs icu-i18n icu-uc 2>/dev/null || echo -licui18n -licuuc -licudata)

# The shared library carries its own copy of the Swift runtime (-static-stdlib), exports only
# ef_* (version script), names its ABI major in the soname, and refuses undefined symbols.
SWIFT_RELEASE_FLAGS := -c release --scratch-path $(SCRATCH) \
	-Xswiftc -static-stdlib \
	-Xlinker -soname=$(LIBNAME).$(SOMAJOR) \
	-Xlinker --version-script=$(CURDIR)/Sources/ErrorFormatterC/exports.map \
	-Xlinker -z -Xlinker defs

EXAMPLE := Examples/CoreLocation

SOURCES := $(shell find Sources include -type f) Package.swift

# Areas add their own rules in mk/*.mk and append to these lists.
TESTS        :=
DEMOS        :=
BENCHES      :=
FUZZ_TARGETS :=

.PHONY: all lib cli test test-swift demo demo-cli install uninstall bench fuzz sanitize clean

all: lib cli $(BUILD)/lib/pkgconfig/errorformatter.pc $(BUILD)/include/errorformatter.h

lib: $(BUILD)/lib/$(LIBNAME).$(VERSION)
cli: $(BUILD)/bin/errfmt

$(BUILD)/lib/$(LIBNAME).$(VERSION): $(SOURCES)
	$(SWIFT) build $(SWIFT_RELEASE_FLAGS) --product errorformatter
	mkdir -p $(BUILD)/lib
	cp $(SCRATCH)/release/$(LIBNAME) $@
	ln -sf $(LIBNAME).$(VERSION) $(BUILD)/lib/$(LIBNAME).$(SOMAJOR)
	ln -sf $(LIBNAME).$(SOMAJOR) $(BUILD)/lib/$(LIBNAME)

# The CLI shares the library's build (same flags, so the core is compiled once); the linker
# flags are harmless for an executable, and -static-stdlib makes it toolchain-free too.
$(BUILD)/bin/errfmt: $(SOURCES)
	$(SWIFT) build $(SWIFT_RELEASE_FLAGS) --product errfmt
	mkdir -p $(BUILD)/bin
	cp $(SCRATCH)/release/errfmt $@

$(BUILD)/include/errorformatter.h: include/errorformatter.h
	mkdir -p $(BUILD)/include
	cp $< $@

# The pkg-config and CMake files of the build tree, and install/uninstall: mk/install.mk.

# libFuzzer targets (mk/fuzz*.mk) compile the whole core with their entry point: a hand-kept
# list of the files a target needs broke each time a file was added. The core has `package`
# declarations (what only the CLI and the C layer use), which need a package name.
FUZZ_CORE_SOURCES := $(shell find Sources/ErrorFormatter -name '*.swift' | LC_ALL=C sort)
FUZZ_SWIFTFLAGS   := -swift-version 6 -parse-as-library -sanitize=fuzzer,address -O -g -I Sources/CICU \
                     -package-name ErrorFormatter

# Each area's rules. Included before the rules below, because make expands a rule's
# prerequisites ($(TESTS), $(DEMOS)) when it reads the rule.
include $(wildcard mk/*.mk)

# ---------------------------------------------------------------------------------- tests
# Everything. Each area's rules (mk/*.mk) add their targets to TESTS.
test: test-swift $(TESTS)
	@echo "make test: all suites passed"

# Swift Testing: parser, locales, catalog, rules, and the corpus/oracle conformance suites
# (which skip, saying so, when ../shared is absent).
test-swift:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# ----------------------------------------------------------------------------------- demo
demo: all demo-cli $(DEMOS)

# demo-cli (the seed through errfmt, and lint finding its bugs) lives in mk/cli.mk.

# ------------------------------------------------------------------------ bench, fuzz, more
bench: $(BENCHES)

fuzz: $(FUZZ_TARGETS)

# The Swift tests under ThreadSanitizer (catalogs and caches are shared across threads); any
# report fails the run.
sanitize:
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --scratch-path .build/tsan --sanitize=thread

clean:
	rm -rf $(BUILD) .build

