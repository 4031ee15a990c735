# ErrorFormatter -- build, test, demo, install.
#
#   make            build/lib/liberrorformatter.so*, build/bin/errfmt, build/include, pkg-config file
#   make test       everything: Swift tests, C tests, header and symbol checks, Python tests,
#                   corpus and oracle conformance (when ../shared is present)
#   make demo       format the bundled example's errors through the CLI, C and Python
#   make install    PREFIX=/usr/local (DESTDIR honoured)
#   make bench      side-by-side benchmarks against the peers
#   make fuzz       run the libFuzzer targets for longer

PREFIX      ?= /usr/local
DESTDIR     ?=
SWIFT       ?= swift
CC          ?= cc
CXX         ?= c++
PYTHON      ?= python3

VERSION     := 1.0.0
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

SOURCES := $(shell find Sources include -type f) Package.swift

.PHONY: all lib cli test test-swift test-c test-python demo install uninstall bench fuzz clean

all: lib cli $(BUILD)/lib/pkgconfig/errorformatter.pc $(BUILD)/include/errorformatter.h

lib: $(BUILD)/lib/$(LIBNAME).$(VERSION)
cli: $(BUILD)/bin/errfmt

$(BUILD)/lib/$(LIBNAME).$(VERSION): $(SOURCES)
	$(SWIFT) build $(SWIFT_RELEASE_FLAGS) --product errorformatter
	mkdir -p $(BUILD)/lib
	cp $(SCRATCH)/release/$(LIBNAME) $@
	ln -sf $(LIBNAME).$(VERSION) $(BUILD)/lib/$(LIBNAME).$(SOMAJOR)
	ln -sf $(LIBNAME).$(SOMAJOR) $(BUILD)/lib/$(LIBNAME)

$(BUILD)/bin/errfmt: $(SOURCES)
	$(SWIFT) build -c release --scratch-path $(SCRATCH)-cli --static-swift-stdlib --product errfmt
	mkdir -p $(BUILD)/bin
	cp $(SCRATCH)-cli/release/errfmt $@

$(BUILD)/include/errorformatter.h: include/errorformatter.h
	mkdir -p $(BUILD)/include
	cp $< $@

$(BUILD)/lib/pkgconfig/errorformatter.pc: errorformatter.pc.in Makefile
	mkdir -p $(BUILD)/lib/pkgconfig
	sed -e 's|@PREFIX@|$(abspath $(BUILD))|' -e 's|@VERSION@|$(VERSION)|' \
	    -e 's|@INCLUDEDIR@|$${prefix}/include|' $< > $@

clean:
	rm -rf $(BUILD) .build
